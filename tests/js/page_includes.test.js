// The build's includes (web/scripts/includes.mjs): the pages' shared markup
// written once in web/partials/ and put into each built page.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { expandIncludes, readPartial } from '../../web/scripts/includes.mjs';
import { webDir } from '../../web/scripts/paths.mjs';

const PARTIALS = {
  'whole.html': '<!-- What it holds. -->\n<div class="a">\n  <p></p>\n</div>\n',
  'parts.html': '<!--\n  Two parts.\n-->\n<!-- part one -->\n<b>1</b>\n<!-- part two -->\n<i>2</i>\n<i>2b</i>\n',
  'values.html': '<!-- part title -->\n<h1 title="{{tip}}">{{title}}</h1>\n<!-- part plain -->\n<hr />\n',
  'nested.html':
    '<!-- part list -->\n<ul>\n  <!-- include nested.html: item item -->\n</ul>\n<!-- part item -->\n<li>\n  <!-- include values.html: plain -->\n</li>\n',
  'loop.html': '<p>\n  <!-- include loop.html -->\n</p>\n',
};
const read = (name) => {
  if (!(name in PARTIALS)) throw new Error(`no ${name}`);
  return PARTIALS[name];
};

describe('page includes', () => {
  it('puts a whole partial in, indented as the comment, without its opening comment', () => {
    const html = '<body>\n    <!-- include whole.html -->\n</body>\n';
    expect(expandIncludes(html, read)).toBe('<body>\n    <div class="a">\n      <p></p>\n    </div>\n</body>\n');
  });

  it('puts the named parts in, in the order the page names them', () => {
    expect(expandIncludes('  <!-- include parts.html: two one -->', read)).toBe('  <i>2</i>\n  <i>2b</i>\n  <b>1</b>');
    expect(expandIncludes('<!-- include parts.html -->', read)).toBe('<b>1</b>\n<i>2</i>\n<i>2b</i>');
  });

  it('fills in the values an include gives, once for each set of them', () => {
    const one =
      '  <!-- include values.html: title\n    title: 2048 <span class="ai">AI</span>\n    tip: a: b\n  -->\n<p></p>';
    expect(expandIncludes(one, read)).toBe('  <h1 title="a: b">2048 <span class="ai">AI</span></h1>\n<p></p>');
    const two = '<!-- include values.html: title plain\n  title: One\n  tip: 1\n\n  title: Two\n  tip: 2\n-->';
    expect(expandIncludes(two, read)).toBe('<h1 title="1">One</h1>\n<hr />\n<h1 title="2">Two</h1>\n<hr />');
  });

  it("expands a partial's own includes, a part named twice going in twice", () => {
    expect(expandIncludes('  <!-- include nested.html: list -->', read)).toBe(
      '  <ul>\n    <li>\n      <hr />\n    </li>\n    <li>\n      <hr />\n    </li>\n  </ul>',
    );
  });

  it('says which include it cannot serve', () => {
    expect(() => expandIncludes('<!-- include values.html: title\n  title: T\n-->', read)).toThrow(
      /no value for \{\{tip\}\}/,
    );
    expect(() => expandIncludes('<!-- include values.html: plain\n  title: T\n-->', read)).toThrow(
      /no \{\{title\}\} for its value/,
    );
    expect(() => expandIncludes('<!-- include values.html: plain\n  not a value\n-->', read)).toThrow(
      /"not a value" is not a line key: value/,
    );
    expect(() => expandIncludes('<!-- include values.html: title\n  title: A\n  title: B\n-->', read)).toThrow(
      /title is given twice/,
    );
    expect(() => expandIncludes('<!-- include loop.html -->', read)).toThrow(/includes nested 8 deep/);
    expect(() => expandIncludes('<!-- include parts.html: three -->', read)).toThrow(/no part "three"/);
    expect(() => expandIncludes('<!-- include missing.html -->', read)).toThrow(/no missing.html/);
    expect(() => expandIncludes('<p><!-- include whole.html --></p>', read)).toThrow(/cannot read/);
    expect(() => readPartial('<i></i>\n<!-- part a -->\n<b></b>\n', 'x.html')).toThrow(/before its first/);
    expect(() => readPartial('<!-- part a -->\n<!-- part a -->\n', 'x.html')).toThrow(/part "a" is written twice/);
  });

  it("serves every include of the site's pages", () => {
    const readPartialText = (name) => fs.readFileSync(path.join(webDir, 'partials', name), 'utf8');
    for (const page of fs.readdirSync(webDir).filter((n) => n.endsWith('.html'))) {
      const built = expandIncludes(fs.readFileSync(path.join(webDir, page), 'utf8'), readPartialText);
      expect(built, page).not.toMatch(/<!-- (include|part) /);
    }
  });
});
