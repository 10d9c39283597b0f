// One tile on the board. It remembers where it was before the last move and,
// when it is the result of a merge, the two tiles it came from, so the renderer
// can animate the slide and the merge.
let nextTileId = 1;

export class Tile {
  constructor(position, value) {
    this.id = nextTileId++;
    this.x = position.x;
    this.y = position.y;
    this.value = value;
    this.previousPosition = null;
    this.mergedFrom = null;
  }

  savePosition() {
    this.previousPosition = { x: this.x, y: this.y };
  }

  updatePosition(position) {
    this.x = position.x;
    this.y = position.y;
  }

  // The saved-state shape of the original game: {position: {x, y}, value}.
  serialize() {
    return { position: { x: this.x, y: this.y }, value: this.value };
  }
}
