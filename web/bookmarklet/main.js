// The bookmarklet's payload, imported by its loader into the host page: a
// session (play_session.js) whose engine runs in the page itself, loaded from
// the same server as this file, with the learned network and the endgame table
// beside it.
import { startSession } from '../page_session/play_session.js';

const GLOBAL = '__ai2048Bookmarklet';
const ENGINE_URL = new URL('../src/engine/engine.js', import.meta.url).href;
// Where the site keeps the network (dist/network/), for engines that do not
// name it themselves (DEFAULT_NETWORK_URL).
const NETWORK_URL = new URL('../network/network.n2048.gz', import.meta.url).href;
// The endgame table beside it (dist/tables/), loaded after the network.
const TABLES_URL = new URL('../tables/endgame.t2048.gz', import.meta.url).href;

async function pageEngine() {
  const module = await import(ENGINE_URL);
  const engine = await module.createEngine({});
  return {
    engine,
    networkUrl: module.DEFAULT_NETWORK_URL || NETWORK_URL,
    tablesUrl: module.DEFAULT_TABLES_URL || TABLES_URL,
  };
}

// Resolves to the controller kept on window[GLOBAL]: { show(), toggle(), close() }.
export function start() {
  return startSession({ globalKey: GLOBAL, getEngine: pageEngine });
}
