// Bundles an ES module and the modules it imports into one classic script:
// the extension's content scripts cannot be modules, and importing modules
// from a content script would make them readable by every page
// (web_accessible_resources). Each module becomes a function scope run once,
// in import order; what it exports is handed to its importers by name.
//
// It handles the subset this project writes: `import { a, b as c } from
// './x.js'`, `import * as ns from`, `import './x.js'`, and `export` before a
// function, class, const, let or var declaration, or `export { a, b as c }`.
// Anything else (default exports, re-exports, import.meta, dynamic import)
// stops the build with the file and what to change.
import fs from 'node:fs';
import path from 'node:path';

const IMPORT_FROM = /^import\s+(\{[^}]*\}|\*\s+as\s+[\w$]+)\s+from\s+(['"])([^'"]+)\2;?[ \t]*$/gm;
const IMPORT_BARE = /^import\s+(['"])([^'"]+)\1;?[ \t]*$/gm;
const EXPORT_FROM = /^export\s+[^;]*?\bfrom\s+(['"])([^'"]+)\1/gm;
const EXPORT_DECLARATION = /^export\s+((?:async\s+)?function\*?|class|const|let|var)\s+([\w$]+)/gm;
const EXPORT_LIST = /^export\s*\{([^}]*)\};?[ \t]*$/gm;

// The relative modules a file imports or re-exports (resolved paths), in order.
export function importsOf(file, source = fs.readFileSync(file, 'utf8')) {
  const found = [];
  for (const pattern of [IMPORT_FROM, IMPORT_BARE, EXPORT_FROM]) {
    for (const match of source.matchAll(pattern)) {
      const specifier = match[match.length - 1];
      if (!specifier.startsWith('.'))
        throw new Error(`bundle: ${file} imports "${specifier}": only relative paths can be bundled`);
      found.push({ index: match.index, file: path.resolve(path.dirname(file), specifier) });
    }
  }
  return found.sort((a, b) => a.index - b.index).map((f) => f.file);
}

// Every module reachable from the entries, each after the modules it imports.
export function moduleOrder(entries) {
  const order = [];
  const state = new Map();
  const visit = (file, chain) => {
    if (state.get(file) === 'done') return;
    if (state.get(file) === 'visiting') {
      throw new Error(
        `bundle: modules import each other: ${[...chain, file].map((f) => path.basename(f)).join(' -> ')}`,
      );
    }
    if (!fs.existsSync(file))
      throw new Error(`bundle: ${chain.at(-1) || 'the entry'} imports ${file}, which does not exist`);
    state.set(file, 'visiting');
    for (const dep of importsOf(file)) visit(dep, [...chain, file]);
    state.set(file, 'done');
    order.push(file);
  };
  for (const entry of entries) visit(path.resolve(entry), []);
  return order;
}

// "a, b as c" to [{ local: 'a', exported: 'a' }, { local: 'b', exported: 'c' }].
function nameList(text) {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((item) => {
      const [local, exported = local] = item.split(/\s+as\s+/).map((s) => s.trim());
      return { local, exported };
    });
}

// One module's body as a function scope: imports read from earlier modules'
// exports, `export` keywords dropped, the exports returned.
function wrapModule(file, source, varOf, exportsOf, where) {
  const fail = (what) => {
    throw new Error(`bundle: ${where(file)}: ${what}`);
  };
  if (/\bimport\.meta\b/.test(source)) fail('uses import.meta, which a classic script does not have');
  if (/\bimport\s*\(/.test(source)) fail('uses a dynamic import(), which would load modules from the page');
  if (/^export\s+default\b/m.test(source)) fail('has a default export; use a named one');
  if (new RegExp(EXPORT_FROM.source, 'm').test(source))
    fail('re-exports from another module; import and export the names instead');

  const exported = [];
  let body = source
    .replace(IMPORT_FROM, (all, what, quote, specifier) => {
      const dep = path.resolve(path.dirname(file), specifier);
      if (what.startsWith('*')) return `const ${what.replace(/^\*\s+as\s+/, '')} = ${varOf.get(dep)};`;
      const names = nameList(what.slice(1, -1)).map(({ local: imported, exported: as }) => {
        if (!exportsOf.get(dep).includes(imported)) fail(`imports ${imported}, which ${where(dep)} does not export`);
        return imported === as ? imported : `${imported}: ${as}`;
      });
      return `const { ${names.join(', ')} } = ${varOf.get(dep)};`;
    })
    .replace(IMPORT_BARE, '');
  body = body
    .replace(EXPORT_DECLARATION, (all, kind, name) => {
      exported.push({ local: name, exported: name });
      return `${kind} ${name}`;
    })
    .replace(EXPORT_LIST, (all, list) => {
      exported.push(...nameList(list));
      return '';
    });
  if (/^export\b/m.test(body)) fail(`has an export this bundler does not handle: "${/^export.*$/m.exec(body)[0]}"`);
  if (/^import\b/m.test(body)) fail(`has an import this bundler does not handle: "${/^import.*$/m.exec(body)[0]}"`);
  const returned = exported.map((e) => (e.local === e.exported ? e.local : `${e.exported}: ${e.local}`));
  return {
    code: `(function () {\n${body.trimEnd()}\nreturn Object.freeze({ ${returned.join(', ')} });\n})()`,
    names: exported.map((e) => e.exported),
  };
}

// The entry and its imports as one script. root: the folder the comments
// name files from. Returns the script's text.
export function bundleModules(entry, { root = path.dirname(entry) } = {}) {
  const where = (file) => path.relative(root, file).split(path.sep).join('/');
  const order = moduleOrder([entry]);
  const varOf = new Map(order.map((file, i) => [file, `module${i}`]));
  const exportsOf = new Map();
  const parts = order.map((file) => {
    const { code, names } = wrapModule(file, fs.readFileSync(file, 'utf8'), varOf, exportsOf, where);
    exportsOf.set(file, names);
    return `// ${where(file)}\nconst ${varOf.get(file)} = ${code};`;
  });
  return (
    `// Built from ${where(path.resolve(entry))} and the modules it imports by web/scripts/bundle_modules.mjs: edit those.\n` +
    `(function () {\n'use strict';\n${parts.join('\n\n')}\n})();\n`
  );
}
