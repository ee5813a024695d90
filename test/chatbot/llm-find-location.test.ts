/**
 * The LLM engine's find_location tool in businessOrganization mode (issue 20): a typed postal code finds the
 * first restaurant whose zones deliver there, as the deterministic engine's choice does.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { INFO_TOOLS } from '../../chatbot/engine/llm/tools-info.js';
import { Turn } from '../../chatbot/engine/turn.js';
import { readPayload } from '../../chatbot/payload.js';
import type { Payload, Zone } from '../../chatbot/payload-types.js';
import { body } from './body.js';
import { NOW, ROMA_GROUP } from './fixtures.js';

const eur = (amount: number) => ({ amount, currency: 'EUR' });
const postal = (name: string, postalCodes: string[]): Zone => ({
  name,
  area: { type: 'postal_codes', postalCodes },
  fee: eur(250),
  minimumOrder: eur(1500),
  freeDeliveryThreshold: null,
  estimatedMinutes: 40,
});

function findLocation(args: { text?: string; for_delivery?: boolean }) {
  const read = readPayload(body({ text: args.text ?? '', language: 'de', organization: ROMA_GROUP }));
  assert.ok(read.ok);
  const p = read.payload as Payload;
  const zones: Record<string, Zone[]> = {
    loc_mitte: [postal('Mitte', ['101*'])],
    loc_kreuzberg: [postal('SO 36', ['10997', '10999'])],
  };
  for (const l of p.organization?.locations ?? []) l.delivery.zones = zones[l.id] ?? [];
  const tool = INFO_TOOLS.find((t) => t.name === 'find_location');
  assert.ok(tool);
  return tool.run(new Turn(p, NOW), args);
}

describe('find_location with a typed postal code', () => {
  it('finds the first restaurant whose zones take it, with the zone', () => {
    assert.deepEqual(findLocation({ text: 'Lieferung nach Wiener Straße 5, 10999 Berlin', for_delivery: true }), {
      best: { id: 'loc_kreuzberg', name: 'Roma Kreuzberg', delivers: 'SO 36' },
    });
    assert.deepEqual(findLocation({ text: 'ich bin in 10115' }), {
      best: { id: 'loc_mitte', name: 'Roma Mitte', delivers: 'Mitte' },
    });
  });

  it('a postal code no zone takes, or pick-up, lists the restaurants', () => {
    for (const args of [
      { text: '80331 München', for_delivery: true },
      { text: '10999', for_delivery: false },
    ]) {
      const found = findLocation(args) as { locations?: unknown[] };
      assert.equal(found.locations?.length, 2, JSON.stringify(args));
    }
  });
});
