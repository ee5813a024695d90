/**
 * businessOrganization mode: the words that name a location are not read again as an order. A message
 * that only says where is answered by the choice and "what would you like?", without "not understood";
 * one that also orders goes on with the order alone, without "not found on our menu".
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createDeterministicEngine } from '../../chatbot/engine/deterministic/index.js';
import { withoutLocation } from '../../chatbot/engine/ops/locations.js';
import { readPayload } from '../../chatbot/payload.js';
import { body } from './body.js';
import { NOW, ROMA_GROUP } from './fixtures.js';
import { Conversation } from './simulator.js';

const engine = createDeterministicEngine(() => NOW);
const MISREAD = /not understand|not find|nicht verstanden|nicht gefunden/i;

describe('a location named in words', () => {
  const onlyWhere: [string, string, string][] = [
    ['de', 'Ich bin in Kreuzberg', 'loc_kreuzberg'],
    ['de', 'Bei Roma Kreuzberg bitte', 'loc_kreuzberg'],
    ['en', 'I want to order at Mitte', 'loc_mitte'],
    ['en', 'Kreuzberg please', 'loc_kreuzberg'],
  ];
  for (const [language, text, id] of onlyWhere) {
    it(`"${text}" chooses the location and asks what it may be`, async () => {
      const c = new Conversation(engine, { language, organization: ROMA_GROUP });
      const answer = await c.say(text);
      assert.equal(c.last.locationId, id);
      assert.doesNotMatch(answer, MISREAD, answer);
      assert.match(answer, language === 'de' ? /Was darf es sein\?|Was möchten Sie/ : /What would you like/, answer);
      assert.equal(c.last.orderDraft ?? null, null);
    });
  }

  const withOrder: [string, string, string, number][] = [
    ['de', 'Ich möchte bei Kreuzberg bestellen: zwei Cola und eine Carbonara', 'loc_kreuzberg', 2],
    ['en', 'I want to order at Mitte: two cokes and a carbonara', 'loc_mitte', 2],
    ['de', 'zwei Cola und eine Carbonara bei Kreuzberg', 'loc_kreuzberg', 2],
  ];
  for (const [language, text, id, lines] of withOrder) {
    it(`"${text}" chooses the location and takes the order, nothing misread`, async () => {
      const c = new Conversation(engine, { language, organization: ROMA_GROUP });
      const answer = await c.say(text);
      assert.equal(c.last.locationId, id);
      assert.doesNotMatch(answer, MISREAD, answer);
      assert.equal(((c.draft?.items ?? []) as unknown[]).length, lines, answer);
    });
  }
});

describe('withoutLocation', () => {
  const read = readPayload(body({ text: 'x', organization: ROMA_GROUP }));
  assert.ok(read.ok);
  const locations = read.payload.organization?.locations ?? [];
  const kreuzberg = locations.find((l) => l.id === 'loc_kreuzberg');
  assert.ok(kreuzberg);
  const cases: [string, string][] = [
    ['Ich bin in Kreuzberg', ''],
    ['Hallo! Ich bin in Kreuzberg.', 'Hallo!'],
    ['Ich möchte in Kreuzberg bestellen: zwei Cola', 'zwei Cola'],
    ['zwei Cola bei Kreuzberg', 'zwei Cola'],
    ['zwei Cola', 'zwei Cola'],
  ];
  for (const [text, rest] of cases) {
    it(`"${text}" → "${rest}"`, () => assert.equal(withoutLocation(text, kreuzberg, locations), rest));
  }
});
