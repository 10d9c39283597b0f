// The little of 2048's rules the bookmarklet needs on its own: which
// directions change a board. The engine does the searching; this lets the
// player tell "game over" and "the page ignored a legal move" apart without a
// round trip to a worker. Directions: 0 up, 1 right, 2 down, 3 left.

// The four cells of line `i` as seen when sliding in `dir`, first cell first.
function lineCells(dir, i) {
  const cells = [];
  for (let k = 0; k < 4; k++) {
    if (dir === 0) cells.push(k * 4 + i);           // up: column i, top to bottom
    else if (dir === 2) cells.push((3 - k) * 4 + i); // down: column i, bottom to top
    else if (dir === 3) cells.push(i * 4 + k);      // left: row i, left to right
    else cells.push(i * 4 + (3 - k));               // right: row i, right to left
  }
  return cells;
}

// True when sliding `board` (16 values, row-major, 0 empty) in `dir` changes it.
export function canMove(board, dir) {
  for (let i = 0; i < 4; i++) {
    const values = lineCells(dir, i).map((c) => board[c]);
    for (let k = 1; k < 4; k++) {
      if (values[k] === 0) continue;
      if (values[k - 1] === 0 || values[k - 1] === values[k]) return true;
    }
  }
  return false;
}

export function legalDirections(board) {
  return [0, 1, 2, 3].filter((dir) => canMove(board, dir));
}

export const DIRECTION_NAMES = ['up', 'right', 'down', 'left'];
