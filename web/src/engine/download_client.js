// Runs download_worker.js for one file. Resolves to {compressedBytes} once
// onSize(size) and then onPiece(bytes) for every piece, in order, have run;
// with a finite pieceBytes, each piece's buffer goes back to the worker to be
// filled again once onPiece returns (onPiece copies what it needs);
// rejects with the worker's one-line reason (or what onSize/onPiece threw).
// Resolves to null where no worker starts here (Node, a file: URL, a page
// that forbids it): the caller then downloads on its own thread.
import { browserWorkerFactory } from './worker_factory.js';

const WORKER_URL = new URL('./download_worker.js', import.meta.url).href;

export function downloadInWorker(url, { what, pieceBytes, onProgress, onSize, onPiece, factory }) {
  const start = factory === undefined ? browserWorkerFactory() : factory;
  if (!start || !/^(https?|chrome-extension):/.test(url)) return Promise.resolve(null);
  let worker;
  try {
    worker = start(WORKER_URL);
  } catch {
    return Promise.resolve(null);
  }
  return new Promise((resolve, reject) => {
    let heard = false;
    const finish = (settle, value) => {
      worker.terminate();
      settle(value);
    };
    worker.onmessage = ({ data }) => {
      heard = true;
      try {
        if (data.progress) onProgress(...data.progress);
        else if (data.size !== undefined) onSize(data.size);
        else if (data.piece) {
          onPiece(data.piece);
          if (pieceBytes !== Infinity) worker.postMessage({ returned: data.piece.buffer }, [data.piece.buffer]);
        } else if (data.done) finish(resolve, data.done);
        else finish(reject, new Error(data.error));
      } catch (err) {
        finish(reject, err);
      }
    };
    worker.onerror = (event) => {
      event?.preventDefault?.();
      // Before any answer: the worker's script did not start; download here.
      if (!heard) finish(resolve, null);
      else finish(reject, new Error(`the download of ${what} stopped (${event?.message ?? 'worker error'})`));
    };
    worker.postMessage({ url, what, pieceBytes });
  });
}
