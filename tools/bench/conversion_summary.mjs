// The figures of a conversion_by_board.sh run so far: boards finished, how many
// doubled their largest tile (the conversion), nodes a move, the mean score, and
// each board's outcome (+ doubled, - not), in board order. Unfinished boards
// (board_NNN.jsonl.part) are not counted. Prints one JSON line last.
//
//   node tools/bench/conversion_summary.mjs OUT
import fs from 'node:fs';
import path from 'node:path';
import { jsonLines } from '../harness/native_cli.js';

export function summarizeBoards(dir) {
  const boardOf = (name) => Number(name.match(/\d+/)[0]);
  const files = fs
    .readdirSync(dir)
    .filter((name) => /^board_\d+\.jsonl$/.test(name))
    .sort((a, b) => boardOf(a) - boardOf(b));
  const outcomes = [];
  let converted = 0,
    nodes = 0,
    moves = 0,
    score = 0;
  for (const name of files) {
    const lines = jsonLines(fs.readFileSync(path.join(dir, name), 'utf8'));
    const game = lines.find((line) => 'seed' in line);
    const summary = lines.find((line) => line.summary);
    if (!game || !summary) throw new Error(`${name}: no game and summary line: a file from another run?`);
    converted += summary.conversion;
    nodes += game.nodes;
    moves += game.moves;
    score += game.score;
    outcomes.push(`${boardOf(name)}${summary.conversion ? '+' : '-'}`);
  }
  const boards = files.length;
  return {
    boards,
    converted,
    conversion: boards ? converted / boards : 0,
    nodesPerMove: moves ? Math.round(nodes / moves) : 0,
    meanScore: boards ? Math.round(score / boards) : 0,
    outcomes,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2];
  if (!dir || !fs.existsSync(dir)) {
    console.error('usage: node tools/bench/conversion_summary.mjs OUT (a conversion_by_board.sh folder)');
    process.exit(2);
  }
  const s = summarizeBoards(dir);
  console.log(s.outcomes.join(' '));
  console.log(
    `${s.boards} boards, ${s.converted} doubled their largest tile (${(100 * s.conversion).toFixed(1)}%), ` +
      `${s.nodesPerMove} nodes a move, mean score ${s.meanScore}`,
  );
  console.log(JSON.stringify({ ...s, outcomes: undefined }));
}
