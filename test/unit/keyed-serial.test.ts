import assert from 'node:assert/strict';
import { test } from 'node:test';
import { KeyedSerial } from '../../src/lib/keyed-serial.js';

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

test('one key: one at a time, in the order given; a failure does not stop the ones after it', async () => {
  const serial = new KeyedSerial();
  const log: string[] = [];
  let running = 0;
  const job =
    (name: string, fail = false) =>
    async () => {
      running++;
      assert.equal(running, 1, 'two at once');
      log.push(`start ${name}`);
      await tick(5);
      log.push(`end ${name}`);
      running--;
      if (fail) throw new Error(name);
      return name;
    };
  const results = await Promise.allSettled([
    serial.run('a', job('1')),
    serial.run('a', job('2', true)),
    serial.run('a', job('3')),
  ]);
  assert.deepEqual(
    results.map((r) => r.status),
    ['fulfilled', 'rejected', 'fulfilled'],
  );
  assert.deepEqual(log, ['start 1', 'end 1', 'start 2', 'end 2', 'start 3', 'end 3']);
});

test('other keys run alongside; runAll takes several keys without deadlocking crossed callers', async () => {
  const serial = new KeyedSerial();
  let together = 0;
  let most = 0;
  const job = async () => {
    together++;
    most = Math.max(most, together);
    await tick(10);
    together--;
  };
  await Promise.all([serial.run('a', job), serial.run('b', job)]);
  assert.equal(most, 2);
  const done = await Promise.race([
    Promise.all([serial.runAll(['a', 'b'], job), serial.runAll(['b', 'a'], job)]).then(() => true),
    tick(2_000).then(() => false),
  ]);
  assert.ok(done, 'crossed runAll calls finish');
});
