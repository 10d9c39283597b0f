// The session's file loading, native only (zlib, the filesystem): each path is
// read once, and what it holds is shared.
#include <filesystem>

#include "endgame/table_builder.h"
#include "endgame/table_file.h"
#include "network/network_io.h"
#include "session/engine_session.h"

namespace g2048 {

std::shared_ptr<const QuantizedNetwork> EngineSession::network_file(const std::string& path,
                                                                    std::string* error) {
  std::lock_guard<std::mutex> lock(files_mutex_);
  auto it = network_files_.find(path);
  if (it != network_files_.end()) return it->second;
  DecodedNetwork decoded;
  if (!load_network(path, &decoded, error)) return nullptr;
  auto net = std::make_shared<const QuantizedNetwork>(decoded.to_quantized());
  return network_files_[path] = net;
}

std::vector<std::shared_ptr<const endgame::EndgameTable>> EngineSession::table_path(
    const std::string& path, std::string* error) {
  std::lock_guard<std::mutex> lock(files_mutex_);
  auto it = table_paths_.find(path);
  if (it != table_paths_.end()) return it->second;
  std::vector<std::shared_ptr<const endgame::EndgameTable>> tables;
  if (std::filesystem::is_regular_file(path)) {
    auto bytes = std::make_shared<std::vector<std::uint8_t>>();
    if (!read_network_bytes(path, bytes.get(), error) ||
        !endgame::decode_table_file(std::move(bytes), &tables, error)) {
      *error = path + ": " + *error;
      return {};
    }
  } else {
    auto table = std::make_shared<endgame::EndgameTable>();
    if (!endgame::load_table_dir(path, table.get(), error)) return {};
    tables.push_back(table);
  }
  return table_paths_[path] = tables;
}

}  // namespace g2048
