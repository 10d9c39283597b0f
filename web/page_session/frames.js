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
