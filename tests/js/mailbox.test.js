// The shared-memory mailbox (web/src/engine/mailbox.js): plain data only, so a
// message reads back as postMessage would give it; messages arrive whole and
// in order however many the writer queues; close() ends the reading.
import { describe, expect, it } from 'vitest';
import { Mailbox, mailboxSupported, plainJson } from '../../web/src/engine/mailbox.js';

describe('plainJson', () => {
  it('writes plain data', () => {
    const message = { id: 3, op: 'search', args: [[2, 0, 4], { depth: 2, phase: true, name: 'x', none: null }] };
    expect(JSON.parse(plainJson(message))).toEqual(message);
    expect(plainJson(Object.assign(Object.create(null), { a: 1.25 }))).toBe('{"a":1.25}');
  });

  it('refuses what JSON would change: undefined, NaN, Infinity, -0, holes, typed arrays, dates, class instances', () => {
    const refused = [
      { a: undefined },
      [1, undefined],
      { a: NaN },
      { a: -Infinity },
      { a: -0 },
      [1, , 3], // eslint-disable-line no-sparse-arrays
      { a: new Uint8Array(2) },
      { a: new Date(0) },
      { '': new Date(0) },
      new Date(0),
      { a: new Map() },
      { a: () => 1 },
      { a: 1n },
      { a: Symbol('s') },
      new (class Thing {})(),
    ];
    for (const value of refused) expect(plainJson(value)).toBeNull();
  });
});

describe('Mailbox', () => {
  it('is supported here (Node shares memory with its workers)', () => {
    expect(mailboxSupported()).toBe(true);
    expect(mailboxSupported({ SharedArrayBuffer, Atomics: {} })).toBe(false);
    expect(mailboxSupported({ SharedArrayBuffer, Atomics, crossOriginIsolated: false })).toBe(false);
  });

  it('delivers every message whole and in order, the writer waiting for the reader', async () => {
    const buffer = Mailbox.createBuffer();
    const writer = new Mailbox(buffer);
    const reader = new Mailbox(buffer);
    const got = [];
    const listening = reader.listen((message) => {
      got.push(message);
      if (got.length === 200) reader.close();
    });
    const text = 'é€😀'.repeat(500);
    for (let i = 0; i < 200; i++) expect(writer.trySend({ i, text: i % 50 === 0 ? text : 'x' })).toBe(true);
    await listening;
    expect(got.map((m) => m.i)).toEqual([...Array(200).keys()]);
    expect(got[50].text).toBe(text);
  });

  it('goes on reading after a listener that throws, and throws its error on its own', async () => {
    const buffer = Mailbox.createBuffer();
    const writer = new Mailbox(buffer);
    const reader = new Mailbox(buffer);
    const thrown = new Promise((resolve) => process.once('uncaughtException', resolve));
    const got = [];
    const listening = reader.listen((message) => {
      if (message.n === 1) throw new Error('a listener failed');
      got.push(message.n);
      if (message.n === 3) reader.close();
    });
    for (const n of [1, 2, 3]) writer.trySend({ n });
    await listening;
    expect(got).toEqual([2, 3]);
    expect((await thrown).message).toBe('a listener failed');
  });

  it('refuses a message that is not plain data or does not fit, and any after close', () => {
    const mailbox = new Mailbox(Mailbox.createBuffer(8 + 2 * 100));
    expect(mailbox.trySend({ a: 'x'.repeat(90) })).toBe(true);
    expect(mailbox.trySend({ a: 'x'.repeat(100) })).toBe(false);
    expect(mailbox.trySend({ a: undefined })).toBe(false);
    mailbox.close();
    expect(mailbox.trySend({ a: 1 })).toBe(false);
  });

  it('stops reading on close, and reports a message that is not JSON', async () => {
    const idle = new Mailbox(Mailbox.createBuffer());
    const stopped = idle.listen(() => {});
    idle.close();
    await expect(stopped).resolves.toBeUndefined();

    const buffer = Mailbox.createBuffer();
    const ints = new Int32Array(buffer, 0, 2);
    new Uint16Array(buffer, 8).set([123, 120]); // "{x"
    ints[1] = 2;
    Atomics.store(ints, 0, 1);
    let error = null;
    await new Mailbox(buffer).listen(
      () => {},
      (err) => (error = err),
    );
    expect(error).toBeInstanceOf(SyntaxError);
  });
});
