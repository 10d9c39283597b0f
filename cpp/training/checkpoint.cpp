#include "training/checkpoint.h"

#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>

#include "engine/bytes.h"

namespace g2048 {

namespace {

constexpr char kCoherenceMagic[9] = "N2048TC3";
constexpr int kProgressVersion = 1;

std::uint32_t crc_of(const std::string& text) {
  return crc32(reinterpret_cast<const std::uint8_t*>(text.data()), text.size());
}

// Writes bytes to path through path.tmp and a rename.
bool write_whole(const std::string& path, const std::string& bytes) {
  std::FILE* f = std::fopen((path + ".tmp").c_str(), "wb");
  if (!f) return false;
  bool ok = std::fwrite(bytes.data(), 1, bytes.size(), f) == bytes.size();
  ok = std::fclose(f) == 0 && ok;
  return ok && std::rename((path + ".tmp").c_str(), path.c_str()) == 0;
}

bool read_whole(const std::string& path, std::string* out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream s;
  s << in.rdbuf();
  *out = s.str();
  return true;
}

}  // namespace

bool write_progress(const std::string& path, const TrainProgress& p) {
  std::ostringstream body;
  body.precision(17);
  body << "version " << kProgressVersion << "\ngames " << p.games << "\nmoves " << p.moves
       << "\nseconds " << p.seconds << "\n";
  std::string text = body.str();
  return write_whole(path, text + "crc " + std::to_string(crc_of(text)) + "\n");
}

bool read_progress(const std::string& path, TrainProgress* out, std::string* error) {
  std::string text;
  if (!read_whole(path, &text)) return false;
  std::size_t crc_at = text.rfind("crc ");
  std::istringstream in(text);
  std::string key;
  int version = 0;
  TrainProgress p;
  std::uint64_t crc = 0;
  while (in >> key) {
    if (key == "version") in >> version;
    else if (key == "games") in >> p.games;
    else if (key == "moves") in >> p.moves;
    else if (key == "seconds") in >> p.seconds;
    else if (key == "crc") in >> crc;
  }
  if (version != kProgressVersion) {
    *error = path + ": not a progress file of version " + std::to_string(kProgressVersion);
  } else if (crc_at == std::string::npos || in.bad() || crc != crc_of(text.substr(0, crc_at))) {
    *error = path + ": damaged (its checksum does not match)";
  } else {
    *out = p;
    return true;
  }
  return false;
}

bool write_coherence(const std::string& path, const CoherenceSums& sums) {
  std::uint64_t n = sums.size();
  std::string bytes(kCoherenceMagic, 8);
  bytes.append(reinterpret_cast<const char*>(&n), 8);
  bytes.append(reinterpret_cast<const char*>(sums.data()), n * sizeof(sums[0]));
  std::uint32_t crc = crc_of(bytes);
  bytes.append(reinterpret_cast<const char*>(&crc), 4);
  return write_whole(path, bytes);
}

bool read_coherence(const std::string& path, CoherenceSums* sums, std::string* error) {
  std::string bytes;
  if (!read_whole(path, &bytes)) return false;
  std::uint64_t n = 0;
  std::size_t want = 8 + 8 + sums->size() * sizeof((*sums)[0]) + 4;
  if (bytes.size() >= 16) std::memcpy(&n, bytes.data() + 8, 8);
  std::uint32_t crc = 0;
  if (bytes.size() == want) std::memcpy(&crc, bytes.data() + want - 4, 4);
  if (bytes.compare(0, 8, kCoherenceMagic, 8) != 0) {
    *error = path + ": not a coherence file of this version (" + kCoherenceMagic + ")";
  } else if (n != sums->size() || bytes.size() != want) {
    *error = path + ": holds " + std::to_string(n) + " sums for a network of " +
             std::to_string(sums->size()) + " weights, or is cut short";
  } else if (crc != crc_of(bytes.substr(0, want - 4))) {
    *error = path + ": damaged (its checksum does not match)";
  } else {
    std::memcpy(sums->data(), bytes.data() + 16, n * sizeof((*sums)[0]));
    return true;
  }
  return false;
}

}  // namespace g2048
