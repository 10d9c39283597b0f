// tools/bench/trace_slow_moves.mjs: the slow moves of a bench:browser --trace
// file, with the long events of any thread that overlap them.
import { describe, expect, it } from 'vitest';
import { isCollectorEvent, slowMoves } from '../../tools/bench/trace_slow_moves.mjs';

const ms = (x) => x * 1000; // trace timestamps are in microseconds
const trace = {
  traceEvents: [
    { ph: 'M', name: 'thread_name', pid: 1, tid: 10, args: { name: 'CrRendererMain' } },
    { ph: 'M', name: 'thread_name', pid: 1, tid: 20, args: { name: 'DedicatedWorker thread' } },
    // Two moves: 0.5 is slow, 0.6 is not.
    { ph: 'b', cat: 'blink.user_timing', name: 'move 0.5 101.40', pid: 1, tid: 10, ts: ms(1000) },
    { ph: 'b', cat: 'blink.user_timing', name: 'move 0.6 8.00', pid: 1, tid: 10, ts: ms(1200) },
    // In the slow move: Blink's sweeping (long), its task wrapper (left out),
    // a short event (under event-ms), and one that ends before the move.
    { ph: 'X', name: 'CppGC.SweepFinalizeEmptyPages', pid: 1, tid: 20, ts: ms(1010), dur: ms(75) },
    { ph: 'X', name: 'ThreadControllerImpl::RunTask', pid: 1, tid: 20, ts: ms(1005), dur: ms(95) },
    { ph: 'X', name: 'HandlePostMessage', pid: 1, tid: 20, ts: ms(1090), dur: ms(2) },
    { ph: 'X', name: 'MajorGC', pid: 1, tid: 20, ts: ms(980), dur: ms(15) },
    // Overlaps the fast move only.
    { ph: 'X', name: 'MajorGC', pid: 1, tid: 20, ts: ms(1201), dur: ms(12) },
    // Not a move: another measure.
    { ph: 'b', cat: 'blink.user_timing', name: 'load 500', pid: 1, tid: 10, ts: ms(0) },
  ],
};

describe('trace_slow_moves', () => {
  it('lists the moves of at least min-ms with the long events that overlap them', () => {
    const moves = slowMoves(trace, { minMs: 30, eventMs: 10 });
    expect(moves).toEqual([
      {
        game: 0,
        move: 5,
        ms: 101.4,
        events: [{ thread: 'DedicatedWorker thread', name: 'CppGC.SweepFinalizeEmptyPages', ms: 75, atMs: 10 }],
      },
    ]);
  });

  it('lowers the bar with min-ms and event-ms', () => {
    const moves = slowMoves(trace, { minMs: 5, eventMs: 1 });
    expect(moves.map((m) => m.move)).toEqual([5, 6]);
    expect(moves[0].events.map((e) => e.name)).toEqual(['CppGC.SweepFinalizeEmptyPages', 'HandlePostMessage']);
    expect(moves[1].events.map((e) => e.name)).toEqual(['MajorGC']);
  });

  it('reads a bare array of events and an empty trace', () => {
    expect(slowMoves(trace.traceEvents, { minMs: 30 })).toHaveLength(1);
    expect(slowMoves({}, {})).toEqual([]);
  });

  it('tells the collectors from other work', () => {
    expect(isCollectorEvent('CppGC.SweepFinalizeEmptyPages')).toBe(true);
    expect(isCollectorEvent('MajorGC')).toBe(true);
    expect(isCollectorEvent('V8.GCScavenger')).toBe(true);
    expect(isCollectorEvent('HandlePostMessage')).toBe(false);
    expect(isCollectorEvent('FunctionCall')).toBe(false);
  });
});
