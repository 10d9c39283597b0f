// The board as a grid of tiles, cells[x][y] column-first like the original
// game's saved state.
import { Tile } from './tile.js';

export class Grid {
  constructor(size, cells = null) {
    this.size = size;
    this.cells = cells || Grid.emptyCells(size);
  }

  static emptyCells(size) {
    return Array.from({ length: size }, () => Array(size).fill(null));
  }

  // Rebuilds a grid from the saved-state cells (already validated).
  static fromSavedCells(size, savedCells) {
    const cells = Grid.emptyCells(size);
    for (let x = 0; x < size; x++) {
      for (let y = 0; y < size; y++) {
        const saved = savedCells[x][y];
        if (saved) cells[x][y] = new Tile({ x, y }, saved.value);
      }
    }
    return new Grid(size, cells);
  }

  // From 16 row-major values (0 empty), the board format of the engine.
  static fromBoard(board, size = Math.round(Math.sqrt(board.length))) {
    const grid = new Grid(size);
    board.forEach((value, i) => {
      if (value) grid.insertTile(new Tile({ x: i % size, y: Math.floor(i / size) }, value));
    });
    return grid;
  }

  eachCell(callback) {
    for (let x = 0; x < this.size; x++) {
      for (let y = 0; y < this.size; y++) callback(x, y, this.cells[x][y]);
    }
  }

  withinBounds(position) {
    return position.x >= 0 && position.x < this.size && position.y >= 0 && position.y < this.size;
  }

  cellContent(position) {
    return this.withinBounds(position) ? this.cells[position.x][position.y] : null;
  }

  insertTile(tile) {
    this.cells[tile.x][tile.y] = tile;
  }

  removeTile(tile) {
    this.cells[tile.x][tile.y] = null;
  }

  tiles() {
    const list = [];
    this.eachCell((x, y, tile) => {
      if (tile) list.push(tile);
    });
    return list;
  }

  // 16 values row-major (0 empty): what the engine takes.
  toBoard() {
    const board = new Array(this.size * this.size).fill(0);
    this.eachCell((x, y, tile) => {
      if (tile) board[y * this.size + x] = tile.value;
    });
    return board;
  }

  serialize() {
    return {
      size: this.size,
      cells: this.cells.map((column) => column.map((tile) => (tile ? tile.serialize() : null))),
    };
  }
}
