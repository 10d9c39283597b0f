// The download worker (web/src/engine/download_worker.js) and its client
// (download_client.js): the file arrives decompressed, in order, in pieces of
// pieceBytes, each transferred, at most PIECES_OUT of them out until the
// client gives one back; every problem comes back as one line; the client
// falls back (null) where no worker starts.
import zlib from 'node:zlib';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { downloadInWorker } from '../../web/src/engine/download_client.js';

const content = new Uint8Array(50_000).map((_, i) => (i * 7919) % 251);
const gz = new Uint8Array(zlib.gzipSync(content));

// A fetch whose body comes in pieces of 4,000 bytes.
function stubFetch(bytes, status = 200) {
  vi.stubGlobal('fetch', async () => {
    let at = 0;
    const body = new ReadableStream({
      pull(controller) {
        if (at >= bytes.length) return controller.close();
        controller.enqueue(bytes.slice(at, at + 4000));
        at += 4000;
      },
    });
    return new Response(body, { status, headers: { 'Content-Length': String(bytes.length) } });
  });
}

// Waits for a condition, polling; the verdict is the condition, not the time.
async function until(condition, what, ms = 10_000) {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

describe('download worker', () => {
  let posted;
  let held;
  let worker;
  // As the client: a copy of each piece (its buffer is filled again once
  // given back), and the buffer given back at once unless held.
  const receive = (message, transfer) => {
    if (!message.piece) return posted.push({ message, transfer });
    posted.push({ message: { piece: message.piece.slice() }, transfer, buffer: message.piece.buffer });
    if (held) held.push(message.piece.buffer);
    else queueMicrotask(() => worker.onmessage({ data: { returned: message.piece.buffer } }));
  };
  beforeAll(async () => {
    vi.stubGlobal('postMessage', receive);
    await import('../../web/src/engine/download_worker.js');
    worker = { onmessage: globalThis.onmessage };
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.stubGlobal('postMessage', receive);
  });

  async function download(bytes, pieceBytes, status) {
    posted = [];
    held = null;
    stubFetch(bytes, status);
    await worker.onmessage({ data: { url: 'http://127.0.0.1/f.gz', what: 'the network', pieceBytes } });
    return posted;
  }

  it('hands over a gzip file decompressed, in pieces, each transferred', async () => {
    const messages = await download(gz, 16_000);
    const kinds = messages.map(({ message }) => Object.keys(message)[0]);
    const firstSize = kinds.indexOf('size');
    expect(kinds.slice(0, firstSize).every((k) => k === 'progress')).toBe(true);
    expect(messages[firstSize - 1].message.progress).toEqual([gz.length, gz.length]);
    expect(messages[firstSize].message.size).toBe(content.length);
    expect(kinds.at(-1)).toBe('done');
    expect(messages.at(-1).message.done).toEqual({ compressedBytes: gz.length });
    const pieces = messages.filter(({ message }) => message.piece);
    expect(pieces).toHaveLength(4);
    for (const { buffer, transfer } of pieces) expect(transfer).toEqual([buffer]);
    expect(pieces.map(({ message }) => message.piece.length)).toEqual([16_000, 16_000, 16_000, 2_000]);
    // Filled again once given back: two buffers carry the whole file.
    expect(new Set(pieces.map(({ buffer }) => buffer)).size).toBe(2);
    const joined = Buffer.concat(pieces.map(({ message }) => message.piece));
    expect(new Uint8Array(joined)).toEqual(content);
  });

  it('hands over no more than two pieces until the client gives one back', async () => {
    posted = [];
    held = [];
    stubFetch(gz);
    // Checked at every piece the worker hands over, however late it comes.
    let out = 0;
    let mostOut = 0;
    const receiveCounting = (message, transfer) => {
      if (message.piece) mostOut = Math.max(mostOut, ++out);
      receive(message, transfer);
    };
    const giveBack = (buffer) => {
      out--;
      worker.onmessage({ data: { returned: buffer } });
    };
    vi.stubGlobal('postMessage', receiveCounting);
    const done = worker.onmessage({ data: { url: 'http://127.0.0.1/f.gz', what: 'the network', pieceBytes: 5_000 } });
    const count = () => posted.filter(({ message }) => message.piece).length;
    await until(() => count() >= 2, 'two pieces');
    giveBack(held.shift());
    await until(() => count() >= 3, 'a third piece once one is given back');
    // The rest given back as they come.
    for (const buffer of held.splice(0)) giveBack(buffer);
    while (held.length || !posted.some(({ message }) => message.done || message.error)) {
      for (const buffer of held.splice(0)) giveBack(buffer);
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await done;
    expect(mostOut).toBe(2);
    const joined = Buffer.concat(posted.filter(({ message }) => message.piece).map(({ message }) => message.piece));
    expect(new Uint8Array(joined)).toEqual(content);
  });

  it('sends the whole file as one piece when pieceBytes is Infinity', async () => {
    const pieces = (await download(gz, Infinity)).filter(({ message }) => message.piece);
    expect(pieces).toHaveLength(1);
    expect(pieces[0].message.piece).toEqual(content);
  });

  it('passes a file that is not gzip through as it is', async () => {
    const messages = await download(content, 20_000);
    expect(messages.find(({ message }) => 'size' in message).message.size).toBe(content.length);
    const joined = Buffer.concat(messages.filter(({ message }) => message.piece).map(({ message }) => message.piece));
    expect(new Uint8Array(joined)).toEqual(content);
  });

  it('sends no empty piece after a file that fills its last piece exactly', async () => {
    const pieces = (await download(gz, 25_000)).filter(({ message }) => message.piece);
    expect(pieces.map(({ message }) => message.piece.length)).toEqual([25_000, 25_000]);
  });

  it('sends one empty piece for an empty file', async () => {
    const pieces = (await download(new Uint8Array(0), 1000)).filter(({ message }) => message.piece);
    expect(pieces.map(({ message }) => message.piece.length)).toEqual([0]);
  });

  it('says what is wrong with a corrupt file or a failed download, and sends nothing after', async () => {
    const corrupt = gz.slice();
    corrupt.fill(0x55, 20, 60);
    let messages = await download(corrupt, 1000);
    expect(messages.at(-1).message.error).toMatch(/^the network file is corrupt \(/);
    expect(messages.some(({ message }) => message.done)).toBe(false);
    messages = await download(gz, 1000, 404);
    expect(messages.map(({ message }) => message)).toEqual([
      { error: 'could not download the network from http://127.0.0.1/f.gz: HTTP 404' },
    ]);
  });
});

// A worker that answers the request with the given messages, or fails to start.
function fakeFactory(answers, { failToStart = false } = {}) {
  const started = [];
  const factory = (url) => {
    const worker = {
      url,
      terminated: false,
      requests: [],
      postMessage(request) {
        worker.requests.push(request);
        if (!request.url) return;
        queueMicrotask(() => {
          if (failToStart) return worker.onerror({ message: 'no script', preventDefault() {} });
          for (const data of answers) {
            if (worker.terminated) return;
            worker.onmessage({ data });
          }
        });
      },
      terminate() {
        worker.terminated = true;
      },
    };
    started.push(worker);
    return worker;
  };
  return { factory, started };
}

describe('download client', () => {
  const url = 'http://127.0.0.1/n.gz';
  const calls = () => {
    const seen = [];
    return {
      seen,
      options: {
        what: 'the network',
        pieceBytes: 8,
        onProgress: (got, total) => seen.push(['progress', got, total]),
        onSize: (size) => seen.push(['size', size]),
        onPiece: (piece) => seen.push(['piece', [...piece]]),
      },
    };
  };

  it('runs the callbacks in order and resolves with the sizes, then closes the worker', async () => {
    const { factory, started } = fakeFactory([
      { progress: [3, 6] },
      { size: 4 },
      { piece: new Uint8Array([1, 2]) },
      { piece: new Uint8Array([3, 4]) },
      { done: { compressedBytes: 6 } },
    ]);
    const { seen, options } = calls();
    await expect(downloadInWorker(url, { ...options, factory })).resolves.toEqual({ compressedBytes: 6 });
    expect(seen).toEqual([
      ['progress', 3, 6],
      ['size', 4],
      ['piece', [1, 2]],
      ['piece', [3, 4]],
    ]);
    // Each piece's buffer goes back to be filled again.
    expect(started[0].requests).toEqual([
      { url, what: 'the network', pieceBytes: 8 },
      { returned: expect.any(ArrayBuffer) },
      { returned: expect.any(ArrayBuffer) },
    ]);
    expect(started[0].url).toMatch(/download_worker\.js$/);
    expect(started[0].terminated).toBe(true);
  });

  it('keeps the whole file (pieceBytes Infinity): no buffer goes back', async () => {
    const { factory, started } = fakeFactory([
      { size: 2 },
      { piece: new Uint8Array([5, 6]) },
      { done: { compressedBytes: 2 } },
    ]);
    const { seen, options } = calls();
    await downloadInWorker(url, { ...options, pieceBytes: Infinity, factory });
    expect(seen).toEqual([
      ['size', 2],
      ['piece', [5, 6]],
    ]);
    expect(started[0].requests).toHaveLength(1);
  });

  it("rejects with the worker's reason, or with what a callback threw", async () => {
    const { factory } = fakeFactory([{ size: 4 }, { error: 'the network file is corrupt (bad data)' }]);
    await expect(downloadInWorker(url, { ...calls().options, factory })).rejects.toThrow(
      'the network file is corrupt (bad data)',
    );
    const second = fakeFactory([{ size: 4 }, { piece: new Uint8Array([1]) }, { done: { compressedBytes: 1 } }]);
    const options = {
      ...calls().options,
      onPiece: () => {
        throw new Error('networkPush: too many bytes');
      },
    };
    await expect(downloadInWorker(url, { ...options, factory: second.factory })).rejects.toThrow(/too many bytes/);
    expect(second.started[0].terminated).toBe(true);
  });

  it('gives null where no worker starts: no Worker, a file URL, a script that fails', async () => {
    await expect(downloadInWorker(url, { ...calls().options, factory: null })).resolves.toBeNull();
    const { factory, started } = fakeFactory([]);
    await expect(downloadInWorker('file:///tmp/n.gz', { ...calls().options, factory })).resolves.toBeNull();
    expect(started).toHaveLength(0);
    const failing = fakeFactory([], { failToStart: true });
    await expect(downloadInWorker(url, { ...calls().options, factory: failing.factory })).resolves.toBeNull();
    const throwing = () => {
      throw new Error('blocked by policy');
    };
    await expect(downloadInWorker(url, { ...calls().options, factory: throwing })).resolves.toBeNull();
  });
});
