// The pages' shared markup, written once in web/partials/ and put into the
// built pages by copy_static.mjs. In a page, a line
//   <!-- include NAME.html -->           puts web/partials/NAME.html there,
//   <!-- include NAME.html: a b c -->    only its parts a, b and c, in that order,
// indented as the comment is. A partial may open with a comment that says what
// it holds (left out of the pages) and be cut into parts, each opening with a
// line <!-- part NAME -->. The built pages stay plain HTML: nothing is
// fetched or written at run time.
import fs from 'node:fs';
import path from 'node:path';

const INCLUDE = /^([ \t]*)<!-- include ([\w.-]+)(?::([\w\s-]*))? -->[ \t]*$/gm;
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

// html with each include replaced; readPartialText(name) gives a partial's text.
export function expandIncludes(html, readPartialText) {
  const cache = new Map();
  const partial = (name) => {
    if (!cache.has(name)) cache.set(name, readPartial(readPartialText(name), name));
    return cache.get(name);
  };
  const out = html.replace(INCLUDE, (_, indent, name, wanted) => {
    const { parts, order } = partial(name);
    const names = wanted === undefined ? order : wanted.trim().split(/\s+/).filter(Boolean);
    if (names.length === 0) throw new Error(`include ${name}: no part named after the colon`);
    const lines = names.flatMap((part) => {
      if (!parts.has(part)) throw new Error(`include ${name}: no part "${part}" (it has ${order.join(', ')})`);
      return parts.get(part);
    });
    return indented(lines, indent);
  });
  const left = /<!-- include[^>]*-->/.exec(out);
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
