// A training run's curve from its log (ai2048 train --log FILE): one row for
// each stretch of episodes, with the training hours at its end, its windows'
// mean score and tile rates and the moves learnt a second. A run resumed from a
// checkpoint learns again the episodes it had learnt after that checkpoint, so
// the log holds them twice: only the lines of the path the weights took count.
//
//   node tools/train/training_curve.mjs LOG [--every EPISODES]   (500,000)
import fs from 'node:fs';
import { jsonLines } from '../harness/native_cli.js';

// The log's lines along the path the weights took: a line whose episodes do
// not follow the one before starts a resume from the checkpoint one window
// earlier, and every line past that checkpoint was learnt by weights since lost.
export function keptWindows(lines) {
  const steps = new Map();
  for (let i = 1; i < lines.length; i++) {
    const step = lines[i].games - lines[i - 1].games;
    if (step > 0) steps.set(step, (steps.get(step) ?? 0) + 1);
  }
  const window = [...steps].sort((a, b) => b[1] - a[1])[0]?.[0] ?? lines[0]?.games ?? 0;
  const kept = [];
  for (const line of lines) {
    const checkpoint = line.games - window;
    while (kept.length && kept.at(-1).games > checkpoint) kept.pop();
    kept.push(line);
  }
  return { window, kept };
}

// The kept windows in stretches of `every` episodes (the last one may be shorter).
export function trainingCurve(lines, every) {
  const { window, kept } = keptWindows(lines);
  const rows = [];
  let group = [];
  const close = () => {
    const mean = (key) => group.reduce((sum, line) => sum + line[key], 0) / group.length;
    const last = group.at(-1);
    rows.push({
      episodes: last.games,
      hours: last.seconds / 3600,
      windows: group.length,
      averageScore: mean('averageScore'),
      rate8192: mean('rate8192'),
      rate16384: mean('rate16384'),
      rate32768: mean('rate32768'),
      movesPerSecond: mean('movesPerSecond'),
    });
    group = [];
  };
  for (const line of kept) {
    group.push(line);
    if (Math.floor(line.games / every) > Math.floor((line.games - window) / every)) close();
  }
  if (group.length) close();
  return { window, relearnt: lines.length - kept.length, rows };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, flag, value] = process.argv.slice(2);
  const every = flag === '--every' ? Number(value) : 500000;
  if (!file || !fs.existsSync(file) || (flag && flag !== '--every') || !(every > 0)) {
    console.error('usage: node tools/train/training_curve.mjs LOG [--every EPISODES]  (LOG: ai2048 train --log)');
    process.exit(2);
  }
  let lines = [];
  try {
    lines = jsonLines(fs.readFileSync(file, 'utf8'));
  } catch {
    // A line that is not JSON: fall through to the message below.
  }
  if (!lines.length || lines.some((line) => !Number.isFinite(line?.games))) {
    console.error(`${file}: not a training log (one JSON line per window, each with its games)`);
    process.exit(2);
  }
  const { window, relearnt, rows } = trainingCurve(lines, every);
  const percent = (rate) => `${(100 * rate).toFixed(1)}%`;
  console.log(`window ${window} episodes; ${relearnt} window lines learnt again after a resume, left out`);
  console.log('| episodes | training hours | windows | average | 8192 | 16384 | 32768 | moves/s |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const cells = [
      r.episodes.toLocaleString('en-US'),
      r.hours.toFixed(1),
      r.windows,
      Math.round(r.averageScore).toLocaleString('en-US'),
      percent(r.rate8192),
      percent(r.rate16384),
      percent(r.rate32768),
      `${(r.movesPerSecond / 1e6).toFixed(2)} M`,
    ];
    console.log(`| ${cells.join(' | ')} |`);
  }
}
