import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SizedLru } from '../../src/lib/sized-lru.js';

const maker =
  (made: string[], size = 1) =>
  (key: string) =>
  () => {
    made.push(key);
    return { value: key.toUpperCase(), size };
  };

test('SizedLru makes a value once per key and lets the least recently used go past its size', () => {
  const made: string[] = [];
  const lru = new SizedLru<string>(3);
  const make = maker(made);
  for (const k of ['a', 'b', 'c', 'a']) assert.equal(lru.get(k, make(k)), k.toUpperCase());
  assert.deepEqual(made, ['a', 'b', 'c']);
  lru.get('d', make('d')); // b is the least recently used ('a' was used again)
  assert.deepEqual([lru.size, lru.used], [3, 3]);
  lru.get('a', make('a'));
  lru.get('c', make('c'));
  lru.get('b', make('b'));
  assert.deepEqual(made, ['a', 'b', 'c', 'd', 'b']);
});

test('SizedLru counts sizes, not entries: a large value lets several small ones go, and is held alone when over', () => {
  const made: string[] = [];
  const lru = new SizedLru<string>(10);
  for (const k of ['a', 'b', 'c', 'd']) lru.get(k, maker(made, 2)(k));
  assert.deepEqual([lru.size, lru.used], [4, 8]);
  lru.get('big', maker(made, 6)('big')); // 14 > 10: a and b go
  assert.deepEqual([lru.size, lru.used], [3, 10]);
  lru.get('huge', maker(made, 50)('huge'));
  assert.deepEqual([lru.size, lru.used], [1, 50]);
  assert.equal(lru.get('huge', maker(made, 50)('huge')), 'HUGE');
  lru.get('e', maker(made, 2)('e')); // the huge one goes: the bound holds again
  assert.deepEqual([lru.size, lru.used], [1, 2]);
  assert.deepEqual(made, ['a', 'b', 'c', 'd', 'big', 'huge', 'e']);
});

test('SizedLru: keys used again in cycles are all held while a cycle fits', () => {
  // A body per conversation in turn, each showing all of its conversation's earlier messages.
  const lru = new SizedLru<number>(200 * 30);
  let misses = 0;
  for (let round = 0; round < 30; round++) {
    for (let c = 0; c < 200; c++) {
      for (let i = 0; i <= round; i++) {
        lru.get(`${c}:${i}`, () => {
          misses++;
          return { value: i, size: 1 };
        });
      }
    }
  }
  assert.equal(misses, 200 * 30, 'each made once');
});
