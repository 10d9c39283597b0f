// Runs a browser worker module under Node's worker_threads: gives it the
// onmessage/postMessage pair a Web Worker has, then imports it.
import { parentPort, workerData } from 'node:worker_threads';

globalThis.postMessage = (message) => parentPort.postMessage(message);
await import(workerData.url);
parentPort.on('message', (data) => globalThis.onmessage?.({ data }));
