// Bad input from JavaScript becomes a JS Error thrown out of the binding.
//
// The module is built without C++ exceptions, so a JS throw unwinds every wasm
// frame without running destructors or restoring the stack pointer. The rules
// that keep the module usable after an error:
//   - the checking code records the message with set_error() and returns false;
//     its own C++ objects die normally on the way out;
//   - only the bound function, with nothing left alive but its val arguments,
//     releases those (release()) and calls throw_error();
//   - throw_error() puts the stack pointer back at its idle value and throws.
#pragma once

#include <string>

#include <emscripten/val.h>

namespace g2048::wasm {

void set_error(const std::string& message);

// Throws a JS Error carrying the message of the last set_error().
[[noreturn]] void throw_error();

// Lets go of JS values held by a binding about to throw (their destructors will
// not run). Undefined is not reference counted.
template <typename... Vals>
void release(Vals&... vals) {
  ((vals = emscripten::val::undefined()), ...);
}

}  // namespace g2048::wasm
