// npm start: builds (incrementally) and serves dist/ on 127.0.0.1, printing the
// address. PORT picks the port (default 8048; the next free one if taken).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { distDir, root } from './paths.mjs';
import { createStaticServer, listen } from './static_server.mjs';

if (!process.argv.includes('--no-build')) {
  execFileSync(process.execPath, [path.join(root, 'web/scripts/build.mjs')], { stdio: 'inherit' });
}

const first = Number(process.env.PORT || 8048);
for (let port = first; port < first + 20; port++) {
  try {
    const url = await listen(createStaticServer(distDir), port);
    console.log(`2048 AI is served at ${url}`);
    console.log(`  play:        ${url}index.html`);
    console.log(`  watch the AI: ${url}demo.html`);
    console.log(`  8402:        ${url}8402.html`);
    console.log(`  bookmarklet: ${url}bookmarklet.html`);
    console.log('Press Ctrl+C to stop.');
    break;
  } catch (err) {
    if (err.code !== 'EADDRINUSE') throw err;
  }
}
