// Every page through axe-core (a maintained accessibility checker), run in
// headless Chromium on the built pages: no serious or critical violation
// (contrast, names, labels, zoom), with the AI's hint and panel showing on the
// play page.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { newPage } from '../../tools/harness/browser.js';
import { useServerAndBrowser } from './server_and_browser.js';

const env = useServerAndBrowser();
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

async function seriousViolations(page) {
  await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => (await window.axe.run(document)).violations);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('accessibility', () => {
  for (const name of ['index.html', 'demo.html', '8402.html', 'bookmarklet.html']) {
    it(`${name} has no serious or critical violation`, async () => {
      const { page, context, errors } = await newPage(env.browser, { viewport: { width: 1280, height: 800 } });
      await page.goto(`${env.server.url}${name}`);
      await page.waitForLoadState('load');
      if (name === 'index.html') {
        await page.waitForSelector('.ai-hint-button:not([disabled])', { timeout: 30_000 });
        await page.click('.ai-hint-button');
        await page.waitForSelector('.ai-hint-legend:not([hidden])');
      }
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
