// The pages' shared markup, written once in web/partials/ and put into the
// built pages by copy_static.mjs. In a page, a line
//   <!-- include NAME.html -->           puts web/partials/NAME.html there,
//   <!-- include NAME.html: a b c -->    only its parts a, b and c, in that order
//                                        (a part named twice goes in twice),
// indented as the comment is. A partial may open with a comment that says what
// it holds (left out of the pages) and be cut into parts, each opening with a
// line <!-- part NAME -->. An include may go on over more lines, each giving a
// value, `key: value` (to the line's end, as HTML), for the {{key}} the
// included lines hold, and run on to its own line -->:
//   <!-- include head.html
//     title: 2048 with an AI
//   -->
// Blank lines there part sets of values: the parts go in once for each set.
// Every {{key}} needs a value and every value a {{key}}. A partial's own lines
// may include partials (its own parts too). The built pages stay plain HTML:
// nothing is fetched or written at run time.
import fs from 'node:fs';
import path from 'node:path';

const INCLUDE = /^([ \t]*)<!-- include ([\w.-]+)(?::([\w \t-]*))?(\n[\s\S]*?)?\s*-->[ \t]*$/gm;
const VALUE = /^\s*([\w-]+):(.*)$/;
const KEY = /\{\{([\w-]+)\}\}/g;
// Includes within includes: deeper than this is a partial that includes itself.
const MAX_DEPTH = 8;
const PART = /^<!-- part ([\w-]+) -->$/;
const LEADING_COMMENT = /^<!--[\s\S]*?-->\n/;

// A partial's text as { parts: Map(name -> lines), order: [names] }; a partial
// without parts is one part named ''.
export function readPartial(text, name = 'partial') {
  let body = text.replace(/\r\n/g, '\n');
  if (LEADING_COMMENT.test(body) && !PART.test(body.split('\n')[0])) body = body.replace(LEADING_COMMENT, '');
  const parts = new Map();
  let current = '';
  for (const line of body.replace(/\n+$/, '').split('\n')) {
    const part = PART.exec(line.trim());
    if (part) {
      current = part[1];
      if (parts.has(current)) throw new Error(`${name}: part "${current}" is written twice`);
      parts.set(current, []);
    } else if (current === '' && !parts.has('')) {
      if (line.trim() !== '') parts.set('', [line]);
    } else {
      parts.get(current).push(line);
    }
  }
  if (parts.has('') && parts.size > 1) throw new Error(`${name}: lines before its first <!-- part NAME -->`);
  return { parts, order: [...parts.keys()] };
}

function indented(lines, indent) {
  return lines.map((line) => (line.trim() === '' ? '' : indent + line)).join('\n');
}

// The sets of values an include's further lines give: [] where it has none.
function valueSets(name, body) {
  const sets = [];
  let set = null;
  for (const line of (body ?? '').split('\n').slice(1)) {
    if (line.trim() === '') {
      set = null;
      continue;
    }
    const value = VALUE.exec(line);
    if (!value) throw new Error(`include ${name}: "${line.trim()}" is not a line key: value`);
    if (!set) sets.push((set = new Map()));
    if (set.has(value[1])) throw new Error(`include ${name}: ${value[1]} is given twice in one set`);
    set.set(value[1], value[2].trim());
  }
  return sets;
}

// text with each {{key}} replaced by its value in values.
function fillIn(name, text, values) {
  const used = new Set();
  const out = text.replace(KEY, (_, key) => {
    if (!values.has(key)) throw new Error(`include ${name}: no value for {{${key}}}`);
    used.add(key);
    return values.get(key);
  });
  const unused = [...values.keys()].filter((key) => !used.has(key));
  if (unused.length > 0) throw new Error(`include ${name}: no {{${unused[0]}}} for its value`);
  return out;
}

// html with each include replaced; readPartialText(name) gives a partial's text.
export function expandIncludes(html, readPartialText, depth = 0) {
  const cache = new Map();
  const partial = (name) => {
    if (!cache.has(name)) cache.set(name, readPartial(readPartialText(name), name));
    return cache.get(name);
  };
  const out = html.replace(INCLUDE, (_, indent, name, wanted, body) => {
    if (depth >= MAX_DEPTH)
      throw new Error(`include ${name}: includes nested ${MAX_DEPTH} deep (a partial that includes itself?)`);
    const { parts, order } = partial(name);
    const names = wanted === undefined ? order : wanted.trim().split(/\s+/).filter(Boolean);
    if (names.length === 0) throw new Error(`include ${name}: no part named after the colon`);
    const lines = names.flatMap((part) => {
      if (!parts.has(part)) throw new Error(`include ${name}: no part "${part}" (it has ${order.join(', ')})`);
      return parts.get(part);
    });
    const sets = valueSets(name, body);
    const text = lines.join('\n');
    const filled = sets.length === 0 ? [fillIn(name, text, new Map())] : sets.map((set) => fillIn(name, text, set));
    const expanded = expandIncludes(filled.join('\n'), readPartialText, depth + 1);
    return indented(expanded.split('\n'), indent);
  });
  const left = /<!-- include[\s\S]*?-->/.exec(out);
  if (left) throw new Error(`an include the build cannot read: ${left[0]}`);
  return out;
}

// Expands the includes of every page (.html) directly in dir.
export function expandPages(dir, partialsDir) {
  const readPartialText = (name) => {
    const file = path.join(partialsDir, name);
    if (!fs.existsSync(file)) throw new Error(`include ${name}: no such file in ${partialsDir}`);
    return fs.readFileSync(file, 'utf8');
  };
  for (const page of fs.readdirSync(dir).filter((n) => n.endsWith('.html'))) {
    const file = path.join(dir, page);
    const html = fs.readFileSync(file, 'utf8');
    let expanded;
    try {
      expanded = expandIncludes(html, readPartialText);
    } catch (err) {
      throw new Error(`build: ${page}: ${err.message}`, { cause: err });
    }
    if (expanded !== html) fs.writeFileSync(file, expanded);
  }
}
