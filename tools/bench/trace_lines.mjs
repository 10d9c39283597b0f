// The moves of a selfplay trace (`ai2048 selfplay --trace FILE`), one JSON
// object a line, each checked by the caller's test; a bad line is named by its
// number, so a cut or mixed-up trace says where it went wrong.
export function traceMoves(text, isMove, needs) {
  const moves = [];
  for (const [i, line] of text.split('\n').entries()) {
    if (!line.trim()) continue;
    let row;
    try {
      row = JSON.parse(line);
    } catch {
      throw new Error(`line ${i + 1}: not JSON`);
    }
    if (!isMove(row)) throw new Error(`line ${i + 1}: not a trace move (needs ${needs})`);
    moves.push(row);
  }
  return moves;
}
