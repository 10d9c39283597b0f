// Milliseconds on a clock that workers and the page share (performance.now()
// alone starts at each context's own origin): the page sets a search's
// deadline, a worker reads it. Its own module because both sides need it and
// neither should import the other's code.
export function epochNow() {
  return performance.timeOrigin + performance.now();
}
