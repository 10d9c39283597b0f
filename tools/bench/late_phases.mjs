// Where the late game's conversions are lost, from a selfplay trace of games
// played from harvested boards (`ai2048 selfplay --from BOARDS --trace T`):
// each game that did not make the target is put in the phase it died in, the
// first tile of the chain (half the target, a quarter, ... down to 512) missing
// from its last board; a game whose last board holds the whole chain died in
// the last squeeze, building the 512 that folds it: the endgame table's world
// (six walls for a 32768, ten free cells; docs/tables.md). For the last squeeze the
// tool also counts the games that reached it and the share of them that made
// the target, and can write each game's first boards of it (--entry FILE, up to
// ENTRY_BOARDS a game) for `ai2048 suggest --boards FILE --depth 0`, whose
// answers (--rates FILE, the same trace) give the endgame table's chance at the
// first of them it fits: the exact value of the sub-game with the walls fixed,
// which no play inside the formation can beat.
//
//   node tools/bench/late_phases.mjs TRACE [--target 32768] [--entry FILE] [--rates FILE]
import fs from 'node:fs';
import readline from 'node:readline';

export const SMALLEST_CHAIN_TILE = 512;
// The squeeze's first boards written for the table (its first board may not fit
// the formation yet: the chain's last merge can leave a tile out of place).
export const ENTRY_BOARDS = 40;

// The chain a game builds towards target: target / 2, target / 4, ..., 512.
export function chainOf(target) {
  const chain = [];
  for (let t = target / 2; t >= SMALLEST_CHAIN_TILE; t /= 2) chain.push(t);
  return chain;
}

// The tile a board is still building (the chain's largest one missing from
// it), or null when the whole chain stands on it.
export function buildingTile(board, chain) {
  const present = new Set(board);
  return chain.find((t) => !present.has(t)) ?? null;
}

// Whether the board is in the last squeeze: its tiles of 512 or more are the
// chain, each once.
export function inLastSqueeze(board, chain) {
  const big = board.filter((v) => v >= SMALLEST_CHAIN_TILE).sort((a, b) => b - a);
  return big.length === chain.length && big.every((v, i) => v === chain[i]);
}

// Adds one trace record (a move: game, board, next) to games: per game
// { made, lastBoard, entry: the squeeze's first boards }, the records of each
// game in order.
export function addRecord(games, r, target) {
  let g = games.get(r.game);
  if (!g) games.set(r.game, (g = { made: false, lastBoard: null, entry: [] }));
  const started = g.entry.length > 0;
  if (g.entry.length < ENTRY_BOARDS && !g.made && (started || inLastSqueeze(r.board, chainOf(target)))) {
    g.entry.push(r.board);
  }
  if (Math.max(...r.next) >= target) g.made = true;
  g.lastBoard = r.next;
}

export function summariseGames(records, target) {
  const games = new Map();
  for (const r of records) addRecord(games, r, target);
  return games;
}

// The counts the tool prints. rates: the table's rate at each entry board, in
// the order written (null where no table fits).
export function phaseReport(games, target, rates = null) {
  const chain = chainOf(target);
  const lostBuilding = new Map(chain.map((t) => [t, 0]));
  let lostInSqueeze = 0;
  let made = 0;
  for (const g of games.values()) {
    if (g.made) {
      made++;
      continue;
    }
    const tile = buildingTile(g.lastBoard, chain);
    if (tile === null) lostInSqueeze++;
    else lostBuilding.set(tile, lostBuilding.get(tile) + 1);
  }
  const reached = [...games.values()].filter((g) => g.entry.length > 0);
  const report = {
    games: games.size,
    made,
    lostBuilding: Object.fromEntries(lostBuilding),
    lostInSqueeze,
    reachedSqueeze: reached.length,
    madeFromSqueeze: reached.filter((g) => g.made).length,
  };
  if (rates) {
    const boards = reached.reduce((n, g) => n + g.entry.length, 0);
    if (rates.length !== boards) throw new Error(`${rates.length} rates for ${boards} boards of the last squeeze`);
    // Each game's rate: the first of its boards the table fits.
    let at = 0;
    const first = reached.map((g) => {
      const mine = rates.slice(at, (at += g.entry.length));
      return mine.find((r) => r !== null) ?? null;
    });
    const known = first.filter((r) => r !== null);
    report.tableFits = known.length;
    report.meanTableRate = known.length ? known.reduce((a, b) => a + b, 0) / known.length : null;
    report.madeWhereTableFits = reached.filter((g, i) => first[i] !== null && g.made).length;
  }
  return report;
}

// The games of a trace file, read a line at a time (a trace of 177 late games
// is 360 MB). A line that is not a move record stops the tool, naming it.
export async function readTrace(path, target) {
  const games = new Map();
  const lines = readline.createInterface({ input: fs.createReadStream(path), crlfDelay: Infinity });
  let number = 0;
  for await (const line of lines) {
    number++;
    if (!line.trim()) continue;
    let r;
    try {
      r = JSON.parse(line);
    } catch {
      r = null;
    }
    if (!r || !Array.isArray(r.board) || !Array.isArray(r.next) || r.game === undefined) {
      throw new Error(`line ${number} of ${path} is not a selfplay --trace move (game, board, next)`);
    }
    addRecord(games, r, target);
  }
  return games;
}

function option(args, name) {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const trace = args[0];
  const target = Number(option(args, '--target') ?? 32768);
  if (!trace || trace.startsWith('--') || !Number.isInteger(Math.log2(target)) || target < 2 * SMALLEST_CHAIN_TILE) {
    console.error('usage: node tools/bench/late_phases.mjs TRACE [--target 32768] [--entry FILE] [--rates FILE]');
    process.exit(2);
  }
  const games = await readTrace(trace, target).catch((err) => {
    console.error(`late_phases: ${err.message}`);
    process.exit(1);
  });
  const entries = [...games.values()].flatMap((g) => g.entry);
  const entryFile = option(args, '--entry');
  if (entryFile) fs.writeFileSync(entryFile, entries.map((b) => b.join(' ') + '\n').join(''));
  const ratesFile = option(args, '--rates');
  const rates = ratesFile
    ? fs
        .readFileSync(ratesFile, 'utf8')
        .split('\n')
        .filter((l) => l.trim())
        .map((l) => JSON.parse(l).tableRate ?? null)
    : null;
  const r = phaseReport(games, target, rates);
  console.log(`${r.games} games: ${r.made} made the ${target}`);
  for (const [tile, n] of Object.entries(r.lostBuilding).sort((a, b) => b[0] - a[0])) {
    console.log(`lost building the ${tile}: ${n}`);
  }
  console.log(
    `lost in the last squeeze (the whole chain down to ${SMALLEST_CHAIN_TILE} on the board): ${r.lostInSqueeze}`,
  );
  console.log(`reached the last squeeze: ${r.reachedSqueeze}, made the ${target} from it: ${r.madeFromSqueeze}`);
  if (rates) {
    const mean = r.meanTableRate === null ? '-' : r.meanTableRate.toFixed(3);
    console.log(
      `the table at its first board: fits ${r.tableFits}, mean rate ${mean} ` +
        `(${r.madeWhereTableFits} of those ${r.tableFits} made it)`,
    );
  }
}
