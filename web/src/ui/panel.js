// The live AI panel: moves/s, search depth, nodes/s, the last evaluation and
// whether the endgame table chose the last move (its chance of success),
// refreshed a few times a second (not per move, so fast autoplay costs nothing).
// The figures are also kept as data-* attributes for tests and measurements.
import { formatCount, formatRate, formatValue } from './format.js';

export class LivePanel {
  constructor(element, controller, { intervalMs = 250 } = {}) {
    this.element = element;
    this.controller = controller;
    this.fields = {};
    for (const field of element.querySelectorAll('[data-field]')) {
      this.fields[field.dataset.field] = field;
    }
    this.refresh();
    setInterval(() => this.refresh(), intervalMs);
    controller.onUpdate((_, reason) => {
      if (reason !== 'thinking') this.refresh();
    });
  }

  set(name, text) {
    const field = this.fields[name];
    if (field && field.textContent !== text) field.textContent = text;
  }

  refresh() {
    const f = this.controller.figures();
    this.set('movesPerSecond', formatRate(f.movesPerSecond));
    this.set('depth', f.depth === null ? '–' : String(f.depth));
    this.set('nodesPerSecond', formatCount(f.nodesPerSecond));
    this.set('evaluation', formatValue(f.evaluation));
    this.set('aiMoves', String(f.aiMoves));
    this.set('table', f.tableRate === null ? '–' : `${(f.tableRate * 100).toFixed(1)}%`);
    const data = this.element.dataset;
    data.movesPerSecond = f.movesPerSecond.toFixed(2);
    data.nodesPerSecond = Math.round(f.nodesPerSecond);
    data.depth = f.depth === null ? '' : f.depth;
    data.aiMoves = f.aiMoves;
    data.tableMoves = f.tableMoves;
    if (f.firstMoveAt !== null) data.firstMoveMs = Math.round(f.firstMoveAt);
  }
}
