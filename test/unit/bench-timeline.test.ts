import assert from 'node:assert/strict';
import { test } from 'node:test';
import { gcPauses, slowBuckets } from '../../bench/webhooks/timeline.js';

// Lines as Node 20's --trace-gc prints them (copied from a run), with other output between.
const OUTPUT = [
  '[30297:0x44ca9490]       13 ms: Scavenge 3.8 (4.0) -> 3.4 (5.0) MB, 0.70 / 0.00 ms  (average mu = 1.000, current mu = 1.000) allocation failure; ',
  '{"level":40,"msg":"a log line, not a pause: 12 ms: Scavenge"}',
  '[30305:0x90bee70]      150 ms: Mark-Compact 75.7 (96.5) -> 70.5 (105.6) MB, 4.07 / 0.00 ms  (+ 23.7 ms in 228 steps since start of marking, biggest step 4.1 ms, walltime since start of marking 59 ms) (average mu = 1.000, current mu = 1.000) finalize incremental marking via stack guard; GC in old space requested',
  '[30305:0x90bee70]     2210 ms: Mark-Compact (reduce) 40.1 (60.2) -> 30.0 (55.0) MB, 12.50 / 0.01 ms  (average mu = 0.9) memory reducer',
].join('\n');

test('gcPauses reads scavenges and mark-compacts, their pause, on the round clock', () => {
  // Spawned at 1000, the round's first delivery at 1100: a pause at process time t is at 1000 + t - 1100.
  assert.deepEqual(gcPauses(OUTPUT, 1000, 1100), [
    { at: -87, kind: 'scavenge', ms: 0.7 },
    { at: 50, kind: 'mark-compact', ms: 4.07 },
    { at: 2110, kind: 'mark-compact', ms: 12.5 },
  ]);
  assert.deepEqual(gcPauses('no gc here\n', 0, 0), []);
});

test('slowBuckets counts only the messages over the limit, per bucket from the first delivery', () => {
  const arrivals = [
    { createdAt: 10_000, ms: 5 },
    { createdAt: 10_100, ms: 41 },
    { createdAt: 10_249, ms: 90 },
    { createdAt: 10_250, ms: 40 }, // at the limit: not slow
    { createdAt: 10_700, ms: 300 },
  ];
  assert.deepEqual(slowBuckets(arrivals), [
    [0, 2],
    [2, 1],
  ]);
  assert.deepEqual(slowBuckets(arrivals, 100, 1000), [[0, 1]]);
});
