// The offscreen document's script: serves the engine to content scripts over
// ports. Workers started here run the extension's own files under the
// extension's policy (manifest.json: 'wasm-unsafe-eval' lets them compile the
// engine), whatever the page the AI plays allows.
import { createEngine } from '../src/engine/engine.js';
import { createEngineHost } from './engine_host.js';
import { PORT_NAME } from './engine_protocol.js';

const host = createEngineHost({ createEngine: () => createEngine({}), ownOrigin: location.origin });

chrome.runtime.onConnect.addListener((port) => {
  if (port.name === PORT_NAME) host.serve(port);
});
