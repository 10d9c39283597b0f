// Small pieces of UI logic: keys and swipes, saved AI settings, the demo's
// record over games, rates and chart steps.
import { describe, expect, it } from 'vitest';
import { InputManager, swipeDirection } from '../../web/src/ui/input.js';
import { loadSettings, saveSettings } from '../../web/src/ui/settings_store.js';
import { GameTally, MilestoneTracker } from '../../web/src/pages/game_tally.js';
import { RateMeter } from '../../web/src/ui/rate_meter.js';
import { niceStep } from '../../web/src/pages/chart.js';
import { MemoryStorage } from '../../web/src/game/storage.js';
import { summaryText } from '../../web/src/ui/controls.js';
import { poolSizeFrom } from '../../web/src/ui/engine_loader.js';
import { defaultPoolSize } from '../../web/src/engine/pool_size.js';

// A document stand-in: an EventTarget with no buttons.
function fakeDocument() {
  const doc = new EventTarget();
  doc.querySelector = () => null;
  return doc;
}

function keydown(doc, keyCode, extra = {}) {
  const event = new Event('keydown', { cancelable: true });
  Object.defineProperty(event, 'keyCode', { value: keyCode });
  for (const [k, v] of Object.entries(extra)) Object.defineProperty(event, k, { value: v });
  doc.dispatchEvent(event);
  return event;
}

describe('InputManager', () => {
  it('maps arrows, WASD and HJKL to 0 up, 1 right, 2 down, 3 left, and R to restart', () => {
    const doc = fakeDocument();
    const input = new InputManager({ doc, commands: { 80: 'autoplay' } });
    const seen = [];
    input.on('move', (dir) => seen.push(dir));
    input.on('restart', () => seen.push('restart'));
    input.on('autoplay', () => seen.push('autoplay'));
    const codes = [38, 39, 40, 37, 87, 68, 83, 65, 75, 76, 74, 72, 82, 80];
    const events = codes.map((code) => keydown(doc, code));
    expect(seen).toEqual([0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 'restart', 'autoplay']);
    expect(events[0].defaultPrevented).toBe(true);
  });

  it('leaves keys with a modifier, and typing in a field, to the browser', () => {
    const doc = fakeDocument();
    const input = new InputManager({ doc });
    const seen = [];
    input.on('move', (dir) => seen.push(dir));
    for (const modifier of ['altKey', 'ctrlKey', 'metaKey', 'shiftKey']) {
      expect(keydown(doc, 37, { [modifier]: true }).defaultPrevented).toBe(false);
    }
    keydown(doc, 72, { target: { tagName: 'INPUT' } });
    keydown(doc, 65, { which: 0 }); // which missing: keyCode is read
    expect(seen).toEqual([3]);
  });

  it('reads swipes by their dominant axis, over 10 px', () => {
    expect(swipeDirection(0, -40)).toBe(0);
    expect(swipeDirection(40, 5)).toBe(1);
    expect(swipeDirection(-3, 25)).toBe(2);
    expect(swipeDirection(-30, 12)).toBe(3);
    expect(swipeDirection(8, -9)).toBeNull();
  });
});

describe('AI settings', () => {
  it('come from the address first, then the saved choice, then the defaults', () => {
    const storage = new MemoryStorage();
    const defaults = { speed: 'quick', strength: 't50' };
    expect(loadSettings({ search: '', storage, defaults })).toEqual(defaults);
    saveSettings(storage, { speed: 'max', strength: 't250' });
    expect(loadSettings({ search: '', storage, defaults })).toEqual({ speed: 'max', strength: 't250' });
    expect(loadSettings({ search: '?strength=d3', storage, defaults })).toEqual({ speed: 'max', strength: 'd3' });
    expect(loadSettings({ search: '?speed=warp', storage, defaults }).speed).toBe('max');
    storage.setItem('ai2048.settings', '{broken');
    expect(loadSettings({ search: '', storage, defaults })).toEqual(defaults);
  });
});

describe('GameTally', () => {
  it('counts the share of games that reached each tile, average and best score', () => {
    const tally = new GameTally();
    expect(tally.rows().map((r) => r.share)).toEqual([0, 0, 0]);
    tally.record({ score: 20000, maxTile: 2048, moves: 1000 });
    tally.record({ score: 60000, maxTile: 4096, moves: 2500 });
    tally.record({ score: 10000, maxTile: 1024, moves: 700 });
    tally.record({ score: 130000, maxTile: 8192, moves: 5000 });
    expect(tally.count).toBe(4);
    expect(tally.averageScore()).toBe(55000);
    expect(tally.bestScore()).toBe(130000);
    expect(tally.averageMoves()).toBe(2300);
    expect(tally.rows()).toEqual([
      { tile: 512, reached: 4, share: 1 },
      { tile: 1024, reached: 4, share: 1 },
      { tile: 2048, reached: 3, share: 0.75 },
      { tile: 4096, reached: 2, share: 0.5 },
      { tile: 8192, reached: 1, share: 0.25 },
    ]);
  });

  it('notes the move at which each milestone tile first appears', () => {
    const tracker = new MilestoneTracker();
    expect(tracker.update(1024, 500)).toEqual([]);
    expect(tracker.update(2048, 910)).toEqual([{ tile: 2048, move: 910 }]);
    expect(tracker.update(2048, 911)).toEqual([]);
    expect(tracker.update(8192, 4000)).toEqual([
      { tile: 4096, move: 4000 },
      { tile: 8192, move: 4000 },
    ]);
    expect(tracker.reached.map((r) => r.tile)).toEqual([2048, 4096, 8192]);
  });
});

describe('RateMeter', () => {
  it('measures a rate over its window, and falls to zero when events stop', () => {
    const meter = new RateMeter({ windowMs: 1000 });
    meter.start(0);
    for (let t = 50; t <= 2000; t += 50) meter.record(t, 1, 10);
    expect(meter.perSecond(2000)).toBeCloseTo(20, 0);
    expect(meter.perSecondOfWork(2000)).toBeCloseTo(100, 5);
    expect(meter.perSecond(3100)).toBe(0);
  });
});

describe('chart and summary text', () => {
  it('picks round axis steps', () => {
    expect(niceStep(1000, 5)).toBe(200);
    expect(niceStep(37, 5)).toBe(10);
    expect(niceStep(150000, 5)).toBe(50000);
  });

  it('sums up a finished autoplay game', () => {
    expect(summaryText({ score: 1234, maxTile: 128, moves: 150, seconds: 10, movesPerSecond: 15 })).toBe(
      'Game over after 150 AI moves in 10.0 s (15.0 moves/s): score 1234, largest tile 128.',
    );
    expect(summaryText(null)).toBe('');
  });
});

describe('engine pool size', () => {
  it('leaves one core to the page, from one to four workers, unless the address asks', () => {
    expect(defaultPoolSize(1)).toBe(1);
    expect(defaultPoolSize(2)).toBe(1);
    expect(defaultPoolSize(4)).toBe(3);
    expect(defaultPoolSize(16)).toBe(4);
    expect(defaultPoolSize(undefined)).toBe(1);
    expect(poolSizeFrom('?pool=2', 2)).toBe(2);
    expect(poolSizeFrom('?pool=0', 8)).toBe(4);
    expect(poolSizeFrom('?pool=x', 4)).toBe(3);
  });
});
