import assert from 'node:assert/strict';
import { test } from 'node:test';
import { boundedMemo } from '../../src/lib/bounded-memo.js';

test('boundedMemo makes a value once per key (null and undefined too), forgetting the oldest past its bound', () => {
  const calls: string[] = [];
  const memo = boundedMemo((key) => {
    calls.push(key);
    return key === 'n' ? null : key === 'u' ? undefined : key.toUpperCase();
  }, 3);
  assert.equal(memo('a'), 'A');
  assert.equal(memo('n'), null);
  assert.equal(memo('u'), undefined);
  assert.equal(memo('a'), 'A');
  assert.equal(memo('n'), null);
  assert.equal(memo('u'), undefined);
  assert.deepEqual(calls, ['a', 'n', 'u']);
  memo('b'); // 'a' goes
  memo('a');
  assert.deepEqual(calls, ['a', 'n', 'u', 'b', 'a']);
});
