// Draws a game snapshot into the original game's DOM inside requestAnimationFrame:
// tiles slide from their previous cell, new tiles appear and merged tiles pop.
// A tile keeps its element from move to move (keyed by the tile's id), so a
// move changes a few class names instead of rebuilding every tile: at 60 moves
// a second that is a third less garbage for Blink's collector
// (docs/results/2026-11-tab-memory.md). Several moves between two frames
// are drawn once, as the last of them. A tile placed after its move (the evil
// spawner, a person) is added on its own once the move is drawn, so the slides
// are not played twice.
const frame = (callback) => globalThis.requestAnimationFrame(callback);

export function positionClass(position) {
  return `tile-position-${position.x + 1}-${position.y + 1}`;
}

export function tileClasses(value, position) {
  const classes = ['tile', `tile-${value}`, positionClass(position)];
  if (value > 2048) classes.push('tile-super');
  return classes;
}

export class BoardRenderer {
  constructor(gameContainer, { animate = true } = {}) {
    this.gameContainer = gameContainer;
    const doc = gameContainer.ownerDocument;
    this.tileContainer = gameContainer.querySelector('.tile-container');
    this.messageContainer = gameContainer.querySelector('.game-message');
    this.scoreContainer = doc.querySelector('.score-container');
    this.bestContainer = doc.querySelector('.best-container');
    this.shownScore = null;
    this.pending = null;
    this.pendingPlacement = null; // a snapshot whose new tiles are added to the drawn board
    this.elements = new Map(); // tile id -> its element on screen
    this.leaving = []; // merge sources on screen until the next draw
    this.drawnOnce = false;
    this.frameRequested = false;
    this.setAnimations(animate);
  }

  setAnimations(on) {
    this.animate = on;
    this.gameContainer.classList.toggle('no-animations', !on);
  }

  // event: a Game change event ({ kind, snapshot }).
  render(event) {
    if (event.kind === 'keepGoing') {
      // Only the message changes; redrawing would replay the last animations.
      this.clearMessage();
      return;
    }
    if (event.kind === 'place' && !this.pending && this.drawnOnce) {
      this.pendingPlacement = event.snapshot;
    } else {
      // Not drawn yet: the move and its new tile are drawn together.
      const kind = event.kind === 'place' && this.pending ? this.pending.kind : event.kind;
      this.pending = { kind, snapshot: event.snapshot };
      this.pendingPlacement = null;
    }
    if (this.frameRequested) return;
    this.frameRequested = true;
    frame(() => {
      this.frameRequested = false;
      const { pending, pendingPlacement } = this;
      this.pending = null;
      this.pendingPlacement = null;
      if (pending) this.draw(pending.snapshot, pending.kind);
      else if (pendingPlacement) this.addPlaced(pendingPlacement);
    });
  }

  draw(snapshot, kind) {
    // The first draw replaces whatever the page's HTML put in the container.
    if (!this.drawnOnce) this.tileContainer.replaceChildren();
    this.drawnOnce = true;
    for (const element of this.leaving) element.remove();
    this.leaving = [];
    const drawn = new Map();
    for (const tile of snapshot.tiles) {
      if (tile.mergedFrom) {
        // The two sources slide into the cell under the merged tile, and go at the next draw.
        if (this.animate) for (const source of tile.mergedFrom) this.leaving.push(this.showTile(source));
        drawn.set(tile.id, this.newTile(tile, 'tile-merged'));
      } else if (tile.previous) {
        drawn.set(tile.id, this.showTile(tile));
      } else {
        drawn.set(tile.id, this.newTile(tile, 'tile-new'));
      }
    }
    const leaving = new Set(this.leaving);
    for (const [id, element] of this.elements) {
      if (drawn.get(id) !== element && !leaving.has(element)) element.remove();
    }
    this.elements = drawn;
    this.updateScore(snapshot.score, kind !== 'restart');
    this.drawStatus(snapshot);
  }

  // The tiles of snapshot not on screen yet, appearing as new tiles.
  addPlaced(snapshot) {
    for (const tile of snapshot.tiles) {
      if (this.elements.has(tile.id)) continue;
      this.elements.set(tile.id, this.newTile(tile, 'tile-new'));
    }
    // Placing scores nothing; rewriting the score would cut its floating "+N" short.
    if (snapshot.score !== this.shownScore) this.updateScore(snapshot.score, false);
    this.drawStatus(snapshot);
  }

  drawStatus(snapshot) {
    this.bestContainer.textContent = String(snapshot.best);
    if (snapshot.over) this.showMessage(false);
    else if (snapshot.won && !snapshot.keepPlaying) this.showMessage(true);
    else this.clearMessage();
  }

  // A tile that was on the board before this move: its element moves to the
  // tile's cell (the CSS transition slides it). Without one (the moves between
  // two frames were drawn as one), a new element slides from the previous cell.
  showTile(tile) {
    const element = this.elements.get(tile.id);
    if (!element) return this.newTile(tile, null);
    element.className = tileClasses(tile.value, tile).join(' ');
    return element;
  }

  // A new element for tile, with an entrance class (tile-new, tile-merged) or none.
  newTile(tile, entrance) {
    const doc = this.tileContainer.ownerDocument;
    const element = doc.createElement('div');
    const inner = doc.createElement('div');
    inner.className = 'tile-inner';
    inner.textContent = String(tile.value);
    element.appendChild(inner);

    const sliding = this.animate && tile.previous && (tile.previous.x !== tile.x || tile.previous.y !== tile.y);
    const classes = tileClasses(tile.value, sliding ? tile.previous : tile);
    if (entrance) classes.push(entrance);
    const placed = classes.join(' ');
    element.className = placed;
    if (sliding) {
      // Placed at the old cell first; the next frame moves it so the slide
      // animates (unless a later draw has placed it since).
      frame(() => {
        if (element.className !== placed) return;
        element.classList.remove(positionClass(tile.previous));
        element.classList.add(positionClass(tile));
      });
    }
    this.tileContainer.appendChild(element);
    return element;
  }

  updateScore(score, showAddition) {
    const difference = this.shownScore === null ? 0 : score - this.shownScore;
    this.shownScore = score;
    this.scoreContainer.textContent = String(score);
    if (showAddition && difference > 0 && this.animate) {
      const addition = this.scoreContainer.ownerDocument.createElement('div');
      addition.className = 'score-addition';
      addition.textContent = `+${difference}`;
      this.scoreContainer.appendChild(addition);
    }
  }

  showMessage(won) {
    const message = this.messageContainer;
    message.classList.toggle('game-won', won);
    message.classList.toggle('game-over', !won);
    message.querySelector('p').textContent = won ? 'You win!' : 'Game over!';
  }

  clearMessage() {
    this.messageContainer.classList.remove('game-won', 'game-over');
  }
}
