// Waiting for the host page to render. requestAnimationFrame is what the
// original game renders in; a timer backs it up so a wait never hangs where
// frames stop (a hidden tab).

export function nextFrame(win = window) {
  return new Promise((resolve) => {
    let done = false;
    const finish = () => {
      if (!done) {
        done = true;
        resolve();
      }
    };
    if (typeof win.requestAnimationFrame === 'function') win.requestAnimationFrame(finish);
    setTimeout(finish, 100);
  });
}

export function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// Counts the frames the page draws from now on (each requestAnimationFrame
// callback asks for the next), until stop(). Frames are the page's own clock:
// a busy machine delays them and the page's work alike, where a fixed time
// does not. Where frames stop (a hidden tab), the count stops too.
export function frameCounter(win = window) {
  const counter = { count: 0, stopped: false };
  const tick = () => {
    if (counter.stopped) return;
    counter.count++;
    win.requestAnimationFrame(tick);
  };
  if (typeof win.requestAnimationFrame === 'function') win.requestAnimationFrame(tick);
  counter.stop = () => {
    counter.stopped = true;
  };
  return counter;
}
