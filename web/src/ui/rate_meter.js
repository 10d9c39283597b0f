// Rates over a sliding time window (moves per second, search nodes per second),
// so the panel shows what happens now rather than an average since the start.
export class RateMeter {
  constructor({ windowMs = 3000 } = {}) {
    this.windowMs = windowMs;
    this.events = []; // { at, amount, ms }
    this.startedAt = null;
  }

  // Counting starts here: a rate over the first second is not diluted by the
  // idle time before it.
  start(now) {
    this.events = [];
    this.startedAt = now;
  }

  // amount: what is counted (1 for a move, nodes for a search); ms: the time it took.
  record(at, amount = 1, ms = 0) {
    if (this.startedAt === null) this.startedAt = at;
    this.events.push({ at, amount, ms });
    this.prune(at);
  }

  prune(now) {
    const oldest = now - this.windowMs;
    let drop = 0;
    while (drop < this.events.length && this.events[drop].at <= oldest) drop++;
    if (drop) this.events.splice(0, drop);
  }

  // Amount per second of wall time over the window.
  perSecond(now) {
    this.prune(now);
    if (this.startedAt === null || this.events.length === 0) return 0;
    const span = Math.min(this.windowMs, now - this.startedAt);
    if (span <= 0) return 0;
    const total = this.events.reduce((sum, e) => sum + e.amount, 0);
    return (total * 1000) / span;
  }

  // Amount per second of the recorded time (nodes per second of searching).
  perSecondOfWork(now) {
    this.prune(now);
    const ms = this.events.reduce((sum, e) => sum + e.ms, 0);
    const total = this.events.reduce((sum, e) => sum + e.amount, 0);
    return ms > 0 ? (total * 1000) / ms : 0;
  }
}
