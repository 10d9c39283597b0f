// Shows a hint: a large arrow over the board, a line that says the AI's move
// in plain numbers (the points it expects by the end, or the endgame table's
// chance), and each direction's cost against it (src/coach/hint_text.js).
// Without an arrow element (8402's record of the AI's move), the moves alone.
// Each item keeps its raw value in data-value for tests and measurements.
import { DIRECTION_ARROWS, DIRECTION_NAMES } from '../game/rules.js';
import { describeHint } from '../coach/hint_text.js';

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
    const { headline, moves } = describeHint(hint);
    const doc = this.values.ownerDocument;
    const items = moves.map(({ dir, text, kind }) => {
      const item = doc.createElement('li');
      item.dataset.direction = DIRECTION_NAMES[dir];
      item.dataset.value = String(hint.values[dir] ?? '');
      item.className = kind;
      item.textContent = text;
      item.title = `${DIRECTION_NAMES[dir]}: ${kind === 'best' ? "the AI's move" : text.slice(2)}`;
      return item;
    });
    this.values.replaceChildren(...items);
    this.values.hidden = false;
    if (this.legend) {
      this.legend.textContent = headline;
      this.legend.hidden = false;
    }
  }
}
