// The loading policy's pure parts (web/src/engine/evaluation_policy.js): the
// memory floor, the page's thread, and when a page has painted.
import { describe, expect, it } from 'vitest';
import {
  MIN_DEVICE_MEMORY_GB,
  PAGE_THREAD_REASON,
  afterFirstPaint,
  memoryProblem,
  networkProblem,
} from '../../web/src/engine/evaluation_policy.js';

describe('the loading policy', () => {
  it('skips the network under the memory floor, and on the page thread, with a reason', () => {
    expect(MIN_DEVICE_MEMORY_GB).toBe(1);
    expect(memoryProblem(0.5)).toBe('this device reports 0.5 GB of memory, too little for the network');
    expect(memoryProblem(1)).toBeNull();
    expect(memoryProblem(undefined)).toBeNull(); // browsers that do not say
    expect(networkProblem('main', 8)).toBe(PAGE_THREAD_REASON);
    expect(networkProblem('pool', 0.25)).toMatch(/0\.25 GB/);
    expect(networkProblem('worker', 8)).toBeNull();
  });

  it('waits for a visible page to paint, and not for one that never paints', async () => {
    const frames = [];
    const visible = { document: { visibilityState: 'visible' }, requestAnimationFrame: (fn) => frames.push(fn) };
    let painted = false;
    const waiting = afterFirstPaint(visible).then(() => {
      painted = true;
    });
    expect(frames).toHaveLength(1);
    frames[0]();
    await waiting;
    expect(painted).toBe(true);
    // Hidden, or no frames at all: a turn later.
    await afterFirstPaint({ document: { visibilityState: 'hidden' }, requestAnimationFrame: () => {} });
    await afterFirstPaint({});
    // A visible document whose frames never come (an offscreen document) still goes on.
    await afterFirstPaint({ document: { visibilityState: 'visible' }, requestAnimationFrame: () => {} });
  });
});
