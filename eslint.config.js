// ESLint for the JavaScript: the recommended rules, with each folder's globals
// (browser code in web/src, web/bookmarklet, web/page_session and web/extension, Node for the
// scripts, the tests and the measurement tools in tools/). Formatting is
// Prettier's alone: eslint-config-prettier turns off the rules that would
// disagree with it. `npm run lint` runs both.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

export default [
  {
    ignores: ['build*/', 'dist/', 'node_modules/', 'test-output/', 'web/network/'],
  },
  js.configs.recommended,
  {
    languageOptions: { ecmaVersion: 'latest', sourceType: 'module' },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `const { ms, ...rest } = x` leaves `ms` out of `rest` on purpose.
      'no-unused-vars': ['error', { ignoreRestSiblings: true }],
    },
  },
  // The page, its workers and the bookmarklet run in the browser.
  {
    files: ['web/src/**/*.js', 'web/bookmarklet/**/*.js', 'web/page_session/**/*.js', 'tests/e2e/fixtures/**/*.js'],
    languageOptions: { globals: { ...globals.browser, ...globals.worker } },
  },
  // The browser extension: pages, content scripts and its background service worker.
  {
    files: ['web/extension/**/*.js'],
    languageOptions: { globals: { ...globals.browser, ...globals.serviceworker, ...globals.webextensions } },
  },
  // Scripts at the top of web/: a service worker must sit there to serve the whole site.
  {
    files: ['web/*.js'],
    languageOptions: { globals: { ...globals.browser, ...globals.serviceworker } },
  },
  // Scripts, configs, tests and the measurement tools run under Node.
  {
    files: ['web/scripts/**/*.{js,mjs}', 'tests/**/*.{js,mjs}', 'tools/**/*.{js,mjs}', '*.{js,mjs}'],
    ignores: ['tests/e2e/fixtures/**'],
    languageOptions: { globals: { ...globals.node } },
  },
  // The end-to-end tests and the browser figures hand functions to
  // page.evaluate (and the extension's worker.evaluate): those run in the page
  // or the extension.
  {
    files: ['tests/e2e/**/*.{js,mjs}', 'tools/figures/**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.webextensions } },
  },
  prettier,
];
