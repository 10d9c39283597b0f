// For a test file (Vitest hooks; tools/harness/browser.js itself stays free of
// Vitest so the figure scripts can use it): serves dist/ and starts Chromium
// before the file's tests, closes both after.
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, serve } from '../../tools/harness/browser.js';

// The returned object's server and browser are set once the hooks have run.
export function useServerAndBrowser() {
  const env = { server: null, browser: null };
  beforeAll(async () => {
    env.server = await serve();
    env.browser = await launchBrowser();
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.server?.close();
  });
  return env;
}
