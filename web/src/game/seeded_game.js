// One game played by an engine from a seed, to its end, maxMoves, or the first
// board that holds a tile of stopTile or more (a conversion decided): the loop
// the tools run in a page (tools/bench/browser_games.mjs,
// tools/figures/network_figures.mjs import it from /src/game/). The tiles
// come from the game's spawn rule (randomSpawn in rules.js) drawn from the
// app's seeded generator (rng.js): two opening tiles (unless a board is
// given), then one after each move, as the game model places them.
//
// engine: gameOver(board) and applyMove(board, dir), as engine.js has them;
// chooseMove(board, movesSoFar) resolves to the direction to play (the tool
// searches, times and records there). spawns: 'app' (the default) or
// 'native', the tiles `ai2048` draws from the same seed (native_spawns.js).
// Resolves to { board, score, moves }: the last board, the points this game
// gained and the moves it played.
import { nativeSpawner } from './native_spawns.js';
import { SIZE, withRandomTile } from './rules.js';
import { seededRandom } from './rng.js';

// Two tiles on an empty board, from a spawner (a board to the next board).
export function openingBoard(spawn) {
  return spawn(spawn(new Array(SIZE * SIZE).fill(0)));
}

// The board with the next tile of a seeded game's spawns.
function spawnerFor(spawns, seed) {
  if (spawns === 'native') return nativeSpawner(seed);
  if (spawns !== 'app') throw new Error(`spawns is 'app' or 'native', got ${spawns}`);
  const random = seededRandom(seed);
  return (board) => withRandomTile(board, random);
}

export async function playSeededGame(
  engine,
  { seed, board = null, maxMoves = Infinity, stopTile = Infinity, spawns = 'app', chooseMove },
) {
  const spawn = spawnerFor(spawns, seed);
  let current = board ?? openingBoard(spawn);
  let score = 0;
  let moves = 0;
  while (moves < maxMoves && Math.max(...current) < stopTile && !(await engine.gameOver(current))) {
    const dir = await chooseMove(current, moves);
    const moved = await engine.applyMove(current, dir);
    score += moved.gain;
    moves += 1;
    current = spawn(moved.board);
  }
  return { board: current, score, moves };
}
