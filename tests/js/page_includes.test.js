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

  it('says which include it cannot serve', () => {
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
