// Zeroed memory for large arrays of weights, in 2 MB pages where the kernel
// gives them. Lookups into a network's weights land all over a block of
// hundreds of MB; with 4 KB pages nearly every one also misses the TLB (and a
// prefetch that misses the TLB waits for the page walk). Natively on Linux the
// block is aligned to 2 MB and the kernel is advised to back it with large
// pages (transparent_hugepage is often `madvise`); elsewhere, and in
// WebAssembly, it is plain calloc.
#pragma once

#include <cstddef>
#include <cstdlib>
#include <new>

namespace g2048 {

// bytes of zeroed memory, to be released with std::free; nullptr when short.
void* allocate_zeroed_large(std::size_t bytes);

// The same for std::vector (the trainer's float weights and coherence sums).
template <class T>
struct LargePageAllocator {
  using value_type = T;
  LargePageAllocator() = default;
  template <class U>
  LargePageAllocator(const LargePageAllocator<U>&) {}
  T* allocate(std::size_t n) {
    void* block = allocate_zeroed_large(n * sizeof(T));
    if (!block) throw std::bad_alloc();
    return static_cast<T*>(block);
  }
  void deallocate(T* p, std::size_t) { std::free(p); }
  template <class U>
  bool operator==(const LargePageAllocator<U>&) const {
    return true;
  }
  template <class U>
  bool operator!=(const LargePageAllocator<U>&) const {
    return false;
  }
};

}  // namespace g2048
