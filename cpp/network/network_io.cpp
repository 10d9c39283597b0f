#include "network/network_io.h"

#include <zlib.h>

#include <cstdio>

namespace g2048 {

namespace {

bool ends_with(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

}  // namespace

bool read_network_bytes(const std::string& path, std::vector<std::uint8_t>* out,
                        std::string* error) {
  gzFile f = gzopen(path.c_str(), "rb");
  if (!f) {
    *error = "cannot open network file " + path;
    return false;
  }
  gzbuffer(f, 1 << 20);
  out->clear();
  std::vector<std::uint8_t> chunk(1 << 20);
  // A file that decompresses to more than this is not one of ours.
  const std::size_t kLimit = std::size_t{4} << 30;
  for (;;) {
    int n = gzread(f, chunk.data(), static_cast<unsigned>(chunk.size()));
    if (n < 0) {
      int code = 0;
      *error = "network file " + path + ": " + gzerror(f, &code);
      gzclose(f);
      return false;
    }
    if (n == 0) break;
    out->insert(out->end(), chunk.begin(), chunk.begin() + n);
    if (out->size() > kLimit) {
      *error = "network file " + path + " is larger than 4 GB";
      gzclose(f);
      return false;
    }
  }
  gzclose(f);
  return true;
}

bool write_network_bytes(const std::string& path, const std::vector<std::uint8_t>& bytes,
                         std::string* error) {
  std::string tmp = path + ".tmp";
  bool ok = false;
  if (ends_with(path, ".gz")) {
    gzFile f = gzopen(tmp.c_str(), "wb9");
    if (f) {
      ok = true;
      for (std::size_t pos = 0; ok && pos < bytes.size(); pos += 1 << 24) {
        unsigned n = static_cast<unsigned>(std::min<std::size_t>(1 << 24, bytes.size() - pos));
        ok = gzwrite(f, bytes.data() + pos, n) == static_cast<int>(n);
      }
      ok = (gzclose(f) == Z_OK) && ok;
    }
  } else {
    std::FILE* f = std::fopen(tmp.c_str(), "wb");
    if (f) {
      ok = std::fwrite(bytes.data(), 1, bytes.size(), f) == bytes.size();
      ok = (std::fclose(f) == 0) && ok;
    }
  }
  if (ok) ok = std::rename(tmp.c_str(), path.c_str()) == 0;
  if (!ok) {
    std::remove(tmp.c_str());
    *error = "cannot write network file " + path;
  }
  return ok;
}

bool load_network(const std::string& path, DecodedNetwork* out, std::string* error) {
  std::vector<std::uint8_t> bytes;
  if (!read_network_bytes(path, &bytes, error)) return false;
  if (!decode_network(bytes.data(), bytes.size(), out, error)) {
    *error += " (" + path + ")";
    return false;
  }
  return true;
}

}  // namespace g2048
