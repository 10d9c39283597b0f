#include "engine/large_pages.h"

#include <cstdlib>
#include <cstring>

#if defined(__linux__) && !defined(__EMSCRIPTEN__)
#include <sys/mman.h>
#endif

namespace g2048 {

void* allocate_zeroed_large(std::size_t bytes) {
  if (bytes == 0) bytes = 1;
#if defined(__linux__) && !defined(__EMSCRIPTEN__)
  constexpr std::size_t kLargePage = std::size_t{2} << 20;
  if (bytes >= kLargePage) {
    std::size_t rounded = (bytes + kLargePage - 1) / kLargePage * kLargePage;
    void* block = std::aligned_alloc(kLargePage, rounded);
    if (block) {
      // Advice before the first touch, so the pages are large from the start.
      madvise(block, rounded, MADV_HUGEPAGE);
      std::memset(block, 0, rounded);
      return block;
    }
  }
#endif
  return std::calloc(bytes, 1);
}

}  // namespace g2048
