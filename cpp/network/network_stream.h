// Reads a 16-bit network file (network_file.h, encodings 2 to 6) in pieces of
// any size, as they arrive from a decompressing download, straight into a
// QuantizedNetwork's 12-bit weights: loading then needs the weights' memory
// once, never the whole file as well. The checksum is checked before the
// network is handed out; a weight beyond 12 bits is refused (natively,
// decode_network steps an encoding-2 file's again).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "network/network_file.h"
#include "network/ntuple.h"

namespace g2048 {

class NetworkStreamReader {
 public:
  // total_size: the file's length in bytes (a gzip file's trailer holds it).
  explicit NetworkStreamReader(std::size_t total_size) : total_(total_size) {}

  // The next size bytes of the file; false and a one-line message on a fault
  // (after which the reader takes nothing more).
  bool push(const std::uint8_t* data, std::size_t size, std::string* error);
  // Once every byte is in: the network, if the size and checksum agree.
  bool finish(QuantizedNetwork* out, std::string* error);

  std::size_t received() const { return pos_; }

 private:
  bool start_weights(std::string* error);
  // Notes a weight beyond the 12 bits the search holds (refused by finish(),
  // after the checksum: a corrupt file is called corrupt).
  void take_weights(const std::uint8_t* data, std::size_t size, std::size_t from);
  // The weights' bytes alone (no checksum) of encoding 2, then of encodings 3
  // to 6: the bitmap marks each weight in use (a 1 in its place), then each
  // code fills the next marked place (and the base the unmarked ones before it).
  void take_planes(const std::uint8_t* data, std::size_t size, std::size_t from);
  void take_sparse(const std::uint8_t* data, std::size_t size, std::size_t from);
  void place_code(std::uint16_t z);
  bool fail(std::string* error, const std::string& message);

  std::size_t total_;
  std::size_t pos_ = 0;
  std::vector<std::uint8_t> head_;  // the first bytes, until the header is read
  bool started_ = false;
  bool failed_ = false;
  bool too_wide_ = false;
  NetworkHeader header_;
  QuantizedNetwork net_;
  std::uint32_t crc_ = 0;
  std::uint8_t tail_[4] = {0, 0, 0, 0};
  // Encodings 3 to 6: the weights marked, the codes placed, where the next
  // marked place is looked for, an escaped code's bytes still to come.
  std::size_t marked_ = 0;
  std::size_t placed_ = 0;
  std::size_t cursor_ = 0;
  int escape_left_ = 0;
  std::uint16_t escape_high_ = 0;
  const char* bad_codes_ = nullptr;  // why the codes are refused, if they are
};

}  // namespace g2048
