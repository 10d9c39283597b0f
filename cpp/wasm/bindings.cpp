#include <emscripten/bind.h>
#include "engine/board.h"
int probe() { return g2048::max_exponent(g2048::Board{0x1234}); }
EMSCRIPTEN_BINDINGS(probe) { emscripten::function("probe", &probe); }
