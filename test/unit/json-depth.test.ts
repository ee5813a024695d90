import assert from 'node:assert/strict';
import { test } from 'node:test';
import { nestsDeeperThan } from '../../src/lib/json-depth.js';

test('nesting depth: arrays and objects count, brackets inside strings do not', () => {
  assert.equal(nestsDeeperThan('{}', 1), false);
  assert.equal(nestsDeeperThan('[[]]', 1), true);
  assert.equal(nestsDeeperThan('[{"a":[1]},{"b":{}}]', 3), false);
  assert.equal(nestsDeeperThan('[{"a":[1]},{"b":{}}]', 2), true);
  assert.equal(nestsDeeperThan('"[[[[[[[["', 1), false);
  assert.equal(nestsDeeperThan('{"a":"[[[[","b":"]]]]"}', 1), false);
  // An escaped quote does not end the string; an escaped backslash before a quote does.
  assert.equal(nestsDeeperThan('["\\"[[[["]', 1), false);
  assert.equal(nestsDeeperThan('["\\\\",[[]]]', 2), true);
  assert.equal(nestsDeeperThan('["\\u005b[[["]', 1), false);
  assert.equal(nestsDeeperThan(`${'['.repeat(100_000)}`, 32), true);
  assert.equal(nestsDeeperThan(`${'['.repeat(32)}${']'.repeat(32)}`, 32), false);
  assert.equal(nestsDeeperThan(`${'['.repeat(33)}${']'.repeat(33)}`, 32), true);
  // Siblings do not add up: depth is how far in, not how many.
  assert.equal(nestsDeeperThan(`[${Array(1000).fill('[[]]').join(',')}]`, 3), false);
});
