// The page driver, the bookmarklet's play loop: read the page's position, ask
// the engine, send the move, check the page took it. It re-reads the board
// every turn, so a user's own moves or New Game are simply the next position
// to play. Everything it
// touches comes in as arguments (adapter, engine, ui, visibility), so tests
// can drive it with fakes.
import { DIRECTION_NAMES, legalMoves, maxTile } from '../src/game/rules.js';
import { intervalOf, searchSettingsFor } from './settings.js';
import { describeChoice } from './session_text.js';

// Ignored moves in a row before the driver gives up on the page.
const MAX_IGNORED = 8;
// Moves averaged for the moves/s figure.
const RATE_WINDOW = 20;

// A legal direction not yet tried, best value first.
function nextUntried(values, legal, tried) {
  const open = legal.filter((d) => !tried.has(d));
  if (open.length === 0) return null;
  const value = (d) => (values && Number.isFinite(values[d]) ? values[d] : -Infinity);
  return open.sort((a, b) => value(b) - value(a))[0];
}

export function createPageDriver({ adapter, engine, ui, getSettings, visibility, clock = defaultClock }) {
  let running = false;
  let runId = 0;
  let moves = 0;
  // Moves the endgame table chose (bestMove's tableRate), of those played.
  let tableMoves = 0;
  let moveTimes = [];
  let lastMoveAt = -Infinity;
  let wakeStopped = () => {};

  function rate() {
    if (moveTimes.length < 2) return 0;
    const span = moveTimes[moveTimes.length - 1] - moveTimes[0];
    return span > 0 ? ((moveTimes.length - 1) * 1000) / span : 0;
  }

  function finish(message, kind, status = 'Stopped') {
    running = false;
    ui.setRunning(false);
    ui.setStatus(status);
    if (message) ui.setMessage(message, kind);
  }

  async function gameOver(snapshot) {
    await adapter.waitForMessage('over');
    const score = adapter.readDomScore() ?? snapshot.score;
    finish(
      `Game over. Final score ${score ?? 'unknown'}, largest tile ${maxTile(snapshot.board)}, ` +
        `${moves} AI moves. Start a New Game and press Start to play again.`,
      'done',
      'Game over',
    );
  }

  // Waits until the tab is visible again or the driver is stopped.
  function untilVisible() {
    return new Promise((resolve) => {
      const done = () => {
        off();
        resolve();
      };
      const off = visibility.onVisible(done);
      wakeStopped = done;
    });
  }

  async function pace(alive) {
    const intervalMs = intervalOf(getSettings().speed);
    if (intervalMs > 0) {
      const wait = lastMoveAt + intervalMs - clock.now();
      if (wait > 0) await clock.sleep(wait);
    } else if (engine.mode === 'main') {
      // The search shares the page's thread: let the page run between slices.
      await clock.sleep(0);
    }
    return alive();
  }

  async function loop(id) {
    const alive = () => running && id === runId;
    let tried = { key: null, dirs: new Set(), values: null, tableDir: null };
    let ignored = 0;
    while (alive()) {
      if (visibility.hidden()) {
        ui.setStatus('Paused while the tab is hidden');
        await untilVisible();
        continue;
      }
      const snap = await adapter.snapshot();
      if (!alive()) return;
      if (snap.error) return finish(snap.error, 'error');
      if (snap.over) return gameOver(snap);
      if (snap.needsKeepGoing) {
        if (!getSettings().keepGoing) {
          return finish(
            `You win! Reached ${maxTile(snap.board)} after ${moves} AI moves; stopped there as set ` +
              '(tick "Keep playing after 2048" and press Start to go on).',
            'done',
            'Stopped at "You win!"',
          );
        }
        if (adapter.keepGoing()) {
          ui.setMessage(`You win! Reached ${maxTile(snap.board)}; pressed "Keep going".`, 'info');
          await adapter.settle();
          continue;
        }
      }
      const legal = legalMoves(snap.board);
      if (legal.length === 0) return gameOver(snap);

      let dir;
      if (tried.key === snap.key) {
        // The page ignored a move from this position: try the next best.
        dir = nextUntried(tried.values, legal, tried.dirs);
        if (dir === null) {
          return finish("The page ignores the AI's moves (every legal move was tried). Stopped.", 'error');
        }
      } else {
        ui.setStatus('Playing');
        let result;
        try {
          result = await engine.bestMove(snap.board, searchSettingsFor(getSettings().strength, engine.mode));
        } catch (err) {
          return finish(`The engine failed: ${err && err.message ? err.message : err}`, 'error');
        }
        if (!alive()) return;
        // The user moved (or started a New Game) while the AI was thinking.
        if (adapter.quickKey() !== snap.key) continue;
        const tableDir = Number.isFinite(result.tableRate) ? result.dir : null;
        tried = { key: snap.key, dirs: new Set(), values: result.values, tableDir };
        dir = legal.includes(result.dir) ? result.dir : nextUntried(result.values, legal, tried.dirs);
        ui.setChoice(describeChoice(DIRECTION_NAMES[dir], dir === tableDir ? result : { depth: result.depth }));
      }

      if (!(await pace(alive))) return;
      if (visibility.hidden() || adapter.quickKey() !== snap.key) continue;
      const { moved } = await adapter.move(dir, snap.board);
      if (!alive()) return;
      if (moved) {
        moves++;
        if (dir === tried.tableDir) tableMoves++;
        ignored = 0;
        lastMoveAt = clock.now();
        moveTimes.push(lastMoveAt);
        if (moveTimes.length > RATE_WINDOW) moveTimes.shift();
        ui.setStats({ moves, rate: rate(), tableMoves });
      } else {
        tried.dirs.add(dir);
        ignored++;
        ui.setStatus(`The page ignored "${DIRECTION_NAMES[dir]}"; trying again`);
        if (ignored >= MAX_IGNORED) {
          return finish("The page keeps ignoring the AI's moves. Stopped.", 'error');
        }
      }
    }
  }

  return {
    get running() {
      return running;
    },
    get moves() {
      return moves;
    },
    start() {
      if (running) return;
      running = true;
      runId++;
      moveTimes = [];
      ui.setRunning(true);
      ui.setMessage('', 'info');
      ui.setStatus('Playing');
      const id = runId;
      loop(id).catch((err) => {
        if (id === runId) finish(`Stopped by an error: ${err && err.message ? err.message : err}`, 'error');
      });
    },
    stop() {
      if (!running) return;
      running = false;
      runId++;
      wakeStopped();
      ui.setRunning(false);
      ui.setStatus(`Stopped after ${moves} moves`);
    },
  };
}

const defaultClock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};
