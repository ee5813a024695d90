/**
 * The pump's hand-off slots taken several at a time and beside others open (the event deliveries), and
 * the wake-ups it gathers: a burst of notices or due times makes one claim, and with `wakesOnEnd` an
 * attempt ending during a claim round makes no further round. A source of the test's own, no database.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { OnNotify } from '../../src/db/client.js';
import { Pump, type PumpSource, type Round } from '../../src/db/queue/pump.js';
import { recordingLog } from '../orders/_acceptance.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const nothing: Round<string> = { claimed: [], nextAt: null, othersOpen: false };

/** A source whose claims answer what `rounds` says, counted; its attempts end when the test opens their gate. */
function fakeSource(rounds: (n: number) => Round<string> | Promise<Round<string>>) {
  const gates = new Map<string, () => void>();
  const counts = { claims: 0, at: [] as number[] };
  const source: PumpSource<string> = {
    name: 'fake',
    claim: async () => {
      counts.at.push(Date.now());
      return rounds(++counts.claims);
    },
    idOf: (id) => id,
    attempt: (id) =>
      new Promise<boolean>((r) => {
        gates.set(id, () => r(true));
      }),
  };
  return { source, gates, counts };
}

test('reserve: several slots at once, beside others open when the writer checks them itself', async () => {
  const { source } = fakeSource(() => ({ ...nothing, othersOpen: true }));
  const pump = new Pump(source, { concurrency: 4, sweepMs: 60_000, drainMs: 100, log: recordingLog() });
  await pump.start();
  await sleep(20);
  assert.equal(pump.reserve(), null, 'others open: they came first');
  const a = pump.reserve(3, true);
  assert.equal(a?.count, 3, 'beside others open, up to every slot');
  const b = pump.reserve(5, true);
  assert.equal(b?.count, 1, 'what is left');
  assert.equal(pump.reserve(1, true), null);
  a?.keep(1); // the writer leased one: two go back at once
  assert.equal(pump.reserve(5, true)?.count, 2);
  a?.launch('x');
  a?.launch('y'); // beyond what it kept: nothing
  assert.equal(pump.busy, 1);
  b?.release();
  b?.launch('z'); // given back: nothing
  assert.equal(pump.busy, 1);
  await pump.stop();
});

test('gatherMs: the notices and due times of a burst share one claim', async () => {
  let notify: OnNotify = () => {};
  const { source, counts } = fakeSource((n) => (n === 2 ? { ...nothing, nextAt: new Date(Date.now() + 30) } : nothing));
  const pump = new Pump(source, {
    concurrency: 4,
    sweepMs: 60_000,
    drainMs: 100,
    gatherMs: 80,
    notify: {
      channel: 'fake',
      on: {
        listen: async (_channel, onNotify) => {
          notify = onNotify;
          return async () => {};
        },
      },
    },
    log: recordingLog(),
  });
  await pump.start();
  await sleep(20);
  assert.equal(counts.claims, 1, 'the first look');
  for (let i = 0; i < 5; i++) notify({ payload: '1', local: false });
  await sleep(40);
  assert.equal(counts.claims, 1, 'gathering');
  await sleep(80);
  assert.equal(counts.claims, 2, 'five notices, one claim');
  // That claim said something falls due in 30 ms: its timer's claim is gathered too, with a notice.
  await sleep(60);
  notify({ payload: '1', local: false });
  await sleep(150);
  assert.equal(counts.claims, 3);
  await pump.stop();
});

test('wakesOnEnd: an attempt ending during a claim round makes no further round', async () => {
  for (const wakesOnEnd of [false, true]) {
    // The first claim hands out one item; every later one takes 100 ms and finds nothing.
    const { source, gates, counts } = fakeSource(async (n) => {
      if (n === 1) return { ...nothing, claimed: ['a'] };
      await sleep(100);
      return nothing;
    });
    const pump = new Pump(source, { concurrency: 4, sweepMs: 60_000, drainMs: 100, wakesOnEnd, log: recordingLog() });
    await pump.start();
    await sleep(20);
    pump.wake(); // a round of 100 ms
    await sleep(20);
    gates.get('a')?.(); // ends during it
    await sleep(300);
    assert.equal(counts.claims, wakesOnEnd ? 2 : 3, `wakesOnEnd ${wakesOnEnd}`);
    await pump.stop();
  }
});

test('wakeAt during a claim round: kept for the round end, whose own timer would otherwise replace it', async () => {
  let release: () => void = () => {};
  const { source, counts } = fakeSource((n) =>
    n === 1 ? new Promise<Round<string>>((r) => (release = () => r(nothing))) : nothing,
  );
  const pump = new Pump(source, { concurrency: 4, sweepMs: 60_000, drainMs: 100, log: recordingLog() });
  await pump.start();
  await sleep(10);
  assert.equal(counts.claims, 1, 'the first look, still running');
  // An item committed after that look, due in 40 ms (a job scheduled by another process): the round
  // ends with nothing open, and the item's time still wakes the pump.
  const at = Date.now() + 40;
  pump.wakeAt(at);
  release();
  // By when it happens, not by sleeps: a loaded machine (CI) delays timers, never brings them forward.
  for (let waited = 0; counts.claims < 2 && waited < 5_000; waited += 5) await sleep(5);
  assert.equal(counts.claims, 2, 'the item due later wakes the pump');
  assert.ok((counts.at[1] ?? 0) >= at - 1, `not before its time (${(counts.at[1] ?? 0) - at} ms)`);
  await sleep(50);
  assert.equal(counts.claims, 2, 'once');
  await pump.stop();
});
