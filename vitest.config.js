import { defineConfig } from 'vitest/config';

// Unit tests (tests/js) run against the built engine in dist/; end-to-end tests
// (tests/e2e) drive Debian's Chromium against dist/ served on 127.0.0.1.
// Build first: npm run build.
export default defineConfig({
  test: {
    include: ['tests/js/**/*.test.js', 'tests/e2e/**/*.test.js'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
  },
});
