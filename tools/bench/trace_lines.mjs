// The moves of a selfplay trace (`ai2048 selfplay --trace FILE`), one JSON
// object a line, each with a 16-cell board and the integer field the caller
// reads; a bad line is named by its number, so a cut or mixed-up trace says
// where it went wrong.
export function traceMoves(text, field) {
  const moves = [];
  for (const [i, line] of text.split('\n').entries()) {
    if (!line.trim()) continue;
    let row;
    try {
      row = JSON.parse(line);
    } catch {
      throw new Error(`line ${i + 1}: not JSON`);
    }
    if (!Array.isArray(row.board) || row.board.length !== 16 || !Number.isInteger(row[field])) {
      throw new Error(`line ${i + 1}: not a trace move (needs a 16-cell "board" and a "${field}")`);
    }
    moves.push(row);
  }
  return moves;
}
