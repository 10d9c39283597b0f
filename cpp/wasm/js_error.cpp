#include "wasm/js_error.h"

#include <cstdint>

#include <emscripten/em_js.h>
#include <emscripten/emscripten.h>
#include <emscripten/stack.h>

// Bindings are only ever entered from JavaScript, so the stack pointer's idle
// value is the stack's base.
EM_JS(void, js_throw_error, (const char* message, std::uintptr_t stack_base), {
  stackRestore(stack_base);
  throw new Error(UTF8ToString(message));
});

namespace g2048::wasm {

namespace {

// One buffer for the message, reused: nothing to free when the throw skips
// destructors.
std::string& pending_message() {
  static std::string message;
  return message;
}

}  // namespace

void set_error(const std::string& message) { pending_message() = message; }

void throw_error() {
  js_throw_error(pending_message().c_str(), emscripten_stack_get_base());
  __builtin_unreachable();
}

}  // namespace g2048::wasm
