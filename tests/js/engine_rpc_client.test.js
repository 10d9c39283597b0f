// The engine's one request client (engine/rpc_client.js), which the workers'
// executors and the extension's engine proxy both use: answers by id,
// progress, refusals, a request that cannot be sent, and closing.
import { describe, expect, test } from 'vitest';
import { RpcClient } from '../../web/src/engine/rpc_client.js';

function client(closedError) {
  const sent = [];
  const rpc = new RpcClient((message) => sent.push(message), closedError);
  return { rpc, sent };
}

describe('the RPC client', () => {
  test('answers each call by its id, in any order, with its progress first', async () => {
    const { rpc, sent } = client();
    const progress = [];
    const first = rpc.call('loadNetwork', ['a.gz'], (received, total) => progress.push([received, total]));
    const second = rpc.call('legalMoves', [[0, 2]]);
    expect(sent).toEqual([
      { id: 1, op: 'loadNetwork', args: ['a.gz'] },
      { id: 2, op: 'legalMoves', args: [[0, 2]] },
    ]);
    expect(rpc.waits(2)).toBe(true);
    expect(rpc.receive({ id: 2, ok: true, result: [3] })).toBe(true);
    expect(rpc.waits(2)).toBe(false);
    expect(rpc.receive({ id: 1, progress: [5, 10] })).toBe(true);
    expect(rpc.receive({ id: 1, ok: false, error: 'HTTP 404' })).toBe(true);
    expect(rpc.receive({ id: 7, ok: true })).toBe(false);
    expect(rpc.receive(null)).toBe(false);
    await expect(second).resolves.toEqual([3]);
    await expect(first).rejects.toThrow('HTTP 404');
    expect(progress).toEqual([[5, 10]]);
  });

  test('a request that cannot be sent fails alone', async () => {
    const rpc = new RpcClient(() => {
      throw new Error('could not be cloned');
    });
    await expect(rpc.call('search', [() => {}])).rejects.toThrow(
      'cannot send this input to the engine: could not be cloned',
    );
    expect(rpc.closed).toBeNull();
  });

  test('closing fails the calls waiting and every later one, with the first reason', async () => {
    const { rpc } = client((reason) => Object.assign(new Error(`gone: ${reason}`), { executorLost: true }));
    const waiting = rpc.call('search', []);
    rpc.close('crashed');
    rpc.close('disposed');
    expect(rpc.closed).toBe('crashed');
    await expect(waiting).rejects.toMatchObject({ message: 'gone: crashed', executorLost: true });
    await expect(rpc.call('search', [])).rejects.toThrow('gone: crashed');
  });
});
