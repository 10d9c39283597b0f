// A weights struct whose fields are listed as {name, member pointer} pairs:
// the one parser and the one comparison of the heuristics' weights.
#pragma once

#include <cmath>
#include <cstdlib>
#include <string>

namespace g2048 {

// One listed field of a weights struct.
template <class Weights>
struct NamedWeight {
  const char* name;
  double Weights::*member;
};

// Reads text over *out (names not given keep their value); false, *out
// untouched and a message naming `what` on an unknown name or a bad number.
template <class Weights, class Field, std::size_t N>
bool parse_named_weights(const std::string& text, const Field (&fields)[N], const char* what,
                         Weights* out, std::string* error) {
  Weights w = *out;
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t end = text.find(',', pos);
    if (end == std::string::npos) end = text.size();
    std::string item = text.substr(pos, end - pos);
    pos = end + 1;
    if (item.empty()) continue;
    std::size_t eq = item.find('=');
    std::string name = item.substr(0, eq);
    const Field* field = nullptr;
    for (const auto& f : fields)
      if (name == f.name) field = &f;
    if (!field || eq == std::string::npos) {
      *error = std::string("unknown ") + what + " weight \"" + name + "\" (expected name=value)";
      return false;
    }
    char* stop = nullptr;
    std::string number = item.substr(eq + 1);
    double v = std::strtod(number.c_str(), &stop);
    if (number.empty() || *stop != '\0' || !std::isfinite(v)) {
      *error = std::string(what) + " weight " + name + " is not a number: \"" + number + "\"";
      return false;
    }
    w.*field->member = v;
  }
  *out = w;
  return true;
}

// Whether a and b hold the same value in every listed field.
template <class Weights, class Field, std::size_t N>
bool same_named_weights(const Weights& a, const Weights& b, const Field (&fields)[N]) {
  for (const auto& f : fields)
    if (a.*f.member != b.*f.member) return false;
  return true;
}

}  // namespace g2048
