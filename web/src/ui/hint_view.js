// Shows a hint: a large arrow over the board and the four directions' values
// (the best one marked, a dash for a direction that does not move). Without an
// arrow element (8402's record of the AI's move), the values alone. The
// legend, where there is one, says what the values mean; it shows with them.
import { DIRECTION_ARROWS, DIRECTION_NAMES } from '../game/rules.js';
import { formatWhole } from './format.js';

export class HintView {
  constructor(arrowElement, valuesElement, legendElement = null) {
    this.arrow = arrowElement;
    this.values = valuesElement;
    this.legend = legendElement;
  }

  show(hint) {
    if (!hint) {
      if (this.arrow) {
        this.arrow.hidden = true;
        this.arrow.removeAttribute('data-direction');
      }
      this.values.replaceChildren();
      this.values.hidden = true;
      if (this.legend) this.legend.hidden = true;
      return;
    }
    if (this.arrow) {
      this.arrow.hidden = false;
      this.arrow.dataset.direction = DIRECTION_NAMES[hint.dir];
      this.arrow.textContent = DIRECTION_ARROWS[hint.dir];
      this.arrow.setAttribute('aria-label', `The AI suggests ${DIRECTION_NAMES[hint.dir]}`);
    }
    const doc = this.values.ownerDocument;
    const items = hint.values.map((value, dir) => {
      const item = doc.createElement('li');
      item.dataset.direction = DIRECTION_NAMES[dir];
      if (dir === hint.dir) item.className = 'best';
      const legal = value !== null && value !== undefined && value >= 0;
      item.textContent = `${DIRECTION_ARROWS[dir]} ${legal ? formatWhole(value) : '—'}`;
      item.title = legal
        ? `${DIRECTION_NAMES[dir]}: the value the AI gives this move (higher is better)`
        : `${DIRECTION_NAMES[dir]}: this move changes nothing`;
      return item;
    });
    this.values.replaceChildren(...items);
    this.values.hidden = false;
    if (this.legend) this.legend.hidden = false;
  }
}
