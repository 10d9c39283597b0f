// When and where the engine loads the learned network and the endgame table,
// one policy for the pages, the bookmarklet and the extension
// (engine.loadEvaluation):
// - never on the page's thread: unpacking 134 MB there would freeze the page
//   for seconds;
// - not on a device that reports less memory than MIN_DEVICE_MEMORY_GB;
// - after the page's first paint, so the heuristic answers the first moves;
// - the table after the network, on the network's worker.
// Each refusal has a reason, which the pages show.

// Devices that say they have less memory than this skip the 134 MB network.
export const MIN_DEVICE_MEMORY_GB = 1;
export const PAGE_THREAD_REASON = 'the learned network runs only in workers, which cannot start here';

// Why this device should not load the network, or null.
export function memoryProblem(deviceMemoryGb = globalThis.navigator?.deviceMemory) {
  if (typeof deviceMemoryGb === 'number' && deviceMemoryGb < MIN_DEVICE_MEMORY_GB) {
    return `this device reports ${deviceMemoryGb} GB of memory, too little for the network`;
  }
  return null;
}

// Why an engine whose search runs in `mode` ('pool' | 'worker' | 'main')
// should not load the network here, or null.
export function networkProblem(mode, deviceMemoryGb = globalThis.navigator?.deviceMemory) {
  if (mode === 'main') return PAGE_THREAD_REASON;
  return memoryProblem(deviceMemoryGb);
}

// Documents that never paint (an extension's offscreen document) may still
// have requestAnimationFrame: wait no longer than this for a frame.
const PAINT_WAIT_MS = 200;

// Resolves after the page's next paint, or at once (a turn later) where
// nothing paints: workers, Node, a hidden document.
export function afterFirstPaint(scope = globalThis) {
  return new Promise((resolve) => {
    const painting = typeof scope.requestAnimationFrame === 'function' && scope.document?.visibilityState === 'visible';
    if (!painting) {
      setTimeout(resolve, 0);
      return;
    }
    setTimeout(resolve, PAINT_WAIT_MS);
    scope.requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}
