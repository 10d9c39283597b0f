// The live AI panel in a player's terms: moves a second, how many of its own
// moves the AI looked ahead, the final score it expects (with the network's
// search), its moves, and the endgame table's chance when the table chose the
// last move; refreshed a few times a second (not per move, so fast autoplay
// costs nothing). The figures, nodes a second too, are also kept as data-*
// attributes for tests and measurements.
import { formatCount, formatRate } from './format.js';

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
    controller.on('update', (_, reason) => {
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
    // Depth counts the spawns after the root move: depth 2 is 3 moves of its own.
    this.set('depth', f.depth === null ? '–' : String(f.depth + 1));
    this.set('evaluation', f.expectedScore === null ? '–' : formatCount(f.expectedScore));
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
