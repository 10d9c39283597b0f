// "8402"'s input: click or tap an empty cell of the board (or focus it and
// press Enter), then choose 2 or 4 in the small chooser that opens over it;
// keys 2 and 4 choose too, Escape closes it. Calls onPlace(cell, value) with
// the cell row-major from 0 to 15. canPlace(cell) says whether a tile may go
// there now (the person's turn, an empty cell).
export class TileChooser {
  constructor(gameContainer, { onPlace, canPlace, doc = gameContainer.ownerDocument }) {
    this.onPlace = onPlace;
    this.canPlace = canPlace;
    this.cell = null;
    this.cells = [...gameContainer.querySelectorAll('.grid-cell')];
    this.cells.forEach((element, cell) => {
      element.addEventListener('click', () => this.open(cell));
      element.addEventListener('keydown', (event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          this.open(cell);
        }
      });
    });

    this.element = doc.createElement('div');
    this.element.className = 'tile-chooser';
    this.element.hidden = true;
    this.element.setAttribute('role', 'group');
    this.buttons = [2, 4].map((value) => {
      const button = doc.createElement('button');
      button.type = 'button';
      button.className = `tile-chooser-option tile-chooser-${value}`;
      button.textContent = String(value);
      button.dataset.value = String(value);
      button.addEventListener('click', (event) => {
        event.stopPropagation();
        this.choose(value);
      });
      return button;
    });
    this.element.append(...this.buttons);
    gameContainer.appendChild(this.element);

    doc.addEventListener('keydown', (event) => {
      if (this.cell === null || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === '2' || event.key === '4') {
        event.preventDefault();
        this.choose(Number(event.key));
      } else if (event.key === 'Escape') {
        this.close();
      }
    });
    // A click anywhere else closes the chooser.
    doc.addEventListener('click', (event) => {
      if (this.cell === null) return;
      if (this.element.contains(event.target) || this.cells[this.cell] === event.target) return;
      this.close();
    });
  }

  open(cell) {
    if (!this.canPlace(cell)) return;
    this.cell = cell;
    this.element.style.setProperty('--col', String(cell % 4));
    this.element.style.setProperty('--row', String(Math.floor(cell / 4)));
    this.element.dataset.cell = String(cell);
    this.element.setAttribute(
      'aria-label',
      `Place a 2 or a 4 in row ${Math.floor(cell / 4) + 1}, ` + `column ${(cell % 4) + 1}`,
    );
    this.element.hidden = false;
    this.buttons[0].focus();
  }

  close() {
    this.cell = null;
    this.element.hidden = true;
    delete this.element.dataset.cell;
  }

  choose(value) {
    const cell = this.cell;
    this.close();
    if (cell !== null && this.canPlace(cell)) this.onPlace(cell, value);
  }

  // Marks the cells a tile may go to now (a pointer cursor, keyboard focus).
  update() {
    this.cells.forEach((element, cell) => {
      const open = this.canPlace(cell);
      element.classList.toggle('grid-cell-open', open);
      if (open) {
        element.tabIndex = 0;
        element.setAttribute('role', 'button');
        element.setAttribute('aria-label', `Place a tile in row ${Math.floor(cell / 4) + 1}, column ${(cell % 4) + 1}`);
      } else {
        element.removeAttribute('tabindex');
        element.removeAttribute('role');
        element.removeAttribute('aria-label');
      }
    });
    if (this.cell !== null && !this.canPlace(this.cell)) this.close();
  }
}
