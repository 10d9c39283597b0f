// The demo page's record: the milestones of the current game and the tables
// over finished games.
import { formatPercent } from '../ui/format.js';

function cell(doc, text) {
  const td = doc.createElement('td');
  td.textContent = text;
  return td;
}

export function renderMilestones(list, reached) {
  const doc = list.ownerDocument;
  if (!reached.length) {
    const empty = doc.createElement('li');
    empty.className = 'empty';
    empty.textContent = 'No 2048 yet.';
    list.replaceChildren(empty);
    return;
  }
  list.replaceChildren(
    ...reached.map(({ tile, move }) => {
      const item = doc.createElement('li');
      if (tile > 2048) item.className = 'big';
      item.dataset.tile = tile;
      item.textContent = `${tile} at move ${move}`;
      return item;
    }),
  );
}

export function renderTally(root, tally) {
  const doc = root.ownerDocument;
  root.querySelector('.demo-games-count').textContent = String(tally.count);
  // Before the first game ends: say so, rather than "0 / 0" and empty tables.
  const note = root.querySelector('.demo-games-note');
  if (note) note.hidden = tally.count > 0;
  root.querySelector('.demo-table tbody').replaceChildren(
    ...tally.rows().map((row) => {
      const tr = doc.createElement('tr');
      tr.dataset.tile = row.tile;
      tr.append(
        cell(doc, String(row.tile)),
        cell(doc, tally.count ? `${row.reached} / ${tally.count}` : '–'),
        cell(doc, tally.count ? formatPercent(row.share) : '–'),
      );
      return tr;
    }),
  );
  const set = (field, text) => {
    root.querySelector(`[data-field="${field}"]`).textContent = text;
  };
  set('averageScore', tally.count ? String(Math.round(tally.averageScore())) : '–');
  set('bestScore', tally.count ? String(tally.bestScore()) : '–');
  set('averageMoves', tally.count ? String(Math.round(tally.averageMoves())) : '–');
  const recent = tally.games.slice(-10).reverse();
  const recentBody = root.querySelector('.demo-recent tbody');
  if (!recent.length) {
    const tr = doc.createElement('tr');
    tr.className = 'empty';
    const td = cell(doc, 'No game has ended yet.');
    td.colSpan = 7;
    tr.append(td);
    recentBody.replaceChildren(tr);
    return;
  }
  recentBody.replaceChildren(
    ...recent.map((g) => {
      const tr = doc.createElement('tr');
      tr.append(
        cell(doc, String(g.number)),
        cell(doc, String(g.seed)),
        cell(doc, String(g.score)),
        cell(doc, String(g.maxTile)),
        cell(doc, String(g.moves)),
        cell(doc, (g.milestones || []).map((m) => `${m.tile} @ ${m.move}`).join(', ') || '–'),
        cell(doc, g.strength),
      );
      return tr;
    }),
  );
}
