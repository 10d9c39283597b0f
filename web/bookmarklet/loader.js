// The bookmarklet itself: a short javascript: URL that imports the payload
// (bookmarklet/main.js, which brings the engine, adapter and panel) from
// where the site is served. `loader` runs in the host page, as its source
// text: it must stay self-contained, with no comments inside its body.
//
// A second click finds window.__ai2048Bookmarklet and shows the panel that is
// already there instead of starting another page driver. When the import fails
// (the page's Content Security Policy, or the server is not running) an alert
// says so; nothing else on the page changes.
export function loader(base) {
  var w = window,
    g = w.__ai2048Bookmarklet,
    origin = base.split('/').slice(0, 3).join('/'),
    csp = false;
  if (g) {
    if (g.show) g.show();
    return;
  }
  w.__ai2048Bookmarklet = { loading: true };
  var seen = function (e) {
    if (String(e.blockedURI).indexOf(origin) === 0) csp = true;
  };
  document.addEventListener('securitypolicyviolation', seen);
  import(base + 'bookmarklet/main.js')
    .then(function (m) {
      document.removeEventListener('securitypolicyviolation', seen);
      return m.start();
    })
    .catch(function (e) {
      setTimeout(function () {
        document.removeEventListener('securitypolicyviolation', seen);
        if (w.__ai2048Bookmarklet && w.__ai2048Bookmarklet.loading) delete w.__ai2048Bookmarklet;
        alert(
          '2048 AI could not load from ' +
            base +
            ': ' +
            (csp
              ? "this page's Content Security Policy forbids loading scripts from there."
              : 'is the 2048 AI server running? (' + ((e && e.message) || e) + ')') +
            ' Nothing on this page was changed.',
        );
      }, 50);
    });
}

// Drops the whitespace a parser does not need: outside string literals, a
// space stays only between two word characters ("var w", "return m"). The
// loader has no regex literals and no "+ +", which this would not handle.
export function compact(code) {
  return code
    .split(/('[^'\n]*'|"[^"\n]*")/)
    .map((part, i) => (i % 2 ? part : part.replace(/\s+/g, ' ').replace(/ (?![\w$])|(?<![\w$]) /g, '')))
    .join('');
}

// The loader as one line of code with `base` baked in (base ends with '/').
export function loaderCode(base) {
  return `void(${compact(loader.toString())})(${JSON.stringify(base)})`;
}

// The javascript: URL a bookmark holds: percent-encoded where a URL needs it
// (spaces, quotes, '%'; '#' would start a fragment), braces and bars kept.
export function bookmarkletUrl(base) {
  const encoded = encodeURI(loaderCode(base))
    .replace(/#/g, '%23')
    .replace(/%7B/g, '{')
    .replace(/%7D/g, '}')
    .replace(/%7C/g, '|');
  return `javascript:${encoded}`;
}

// Where the payload is served from, given the install page's own address.
export function baseFromPage(pageUrl) {
  return new URL('./', pageUrl).href;
}
