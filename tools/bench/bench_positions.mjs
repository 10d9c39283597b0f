// The benchmark positions, as the native CLI lists them (`ai2048 bench
// --list`), so native and wasm search exactly the same boards.
import { jsonLines, runNative } from '../harness/native_cli.js';

export function benchPositions() {
  return jsonLines(runNative(['bench', '--list'])).map(({ stage, move, board }) => ({ stage, move, board }));
}
