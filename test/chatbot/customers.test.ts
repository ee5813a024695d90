/**
 * Simulated customers (./customers/): a subset of bench:conversations' cast, one per menu, language and
 * mode where the cast has one, each must end with the platform placing exactly the order it wanted.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cast } from './customers/cast.js';
import { runCustomers } from './customers/run.js';

// Customers whose phrasings the parser reads today; the whole cast is bench:conversations'.
const SUBSET = [
  'fixture-0-en-loc-all',
  'fixture-2-en-loc-service',
  'fixture-4-en-org-all',
  'fixture-7-de-org-service',
  'fixture-11-de-loc-food',
  'italian-14-en-loc-all',
  'italian-17-de-loc-service',
  'italian-19-de-org-all',
  'burger-28-en-org-split',
  'burger-33-de-loc-split',
  'mexican-40-en-org-all',
  'brazilian-47-de-loc-service',
  'brazilian-52-en-org-service',
  'sushi-56-en-loc-food',
  'sushi-61-de-org-food',
];

describe('simulated customers', () => {
  const scripts = cast().filter((s) => SUBSET.includes(s.name));
  it('the subset exists', () => assert.equal(scripts.length, SUBSET.length));
  for (const script of scripts) {
    it(`${script.name}: "${script.open}" ends with the wanted order placed`, async () => {
      const [outcome] = await runCustomers([script]);
      assert.ok(outcome.success, `${outcome.reason}\n${outcome.transcript.join('\n')}`);
    });
  }
});
