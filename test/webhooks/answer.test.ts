import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { Db } from '../../src/db/client.js';
import { fallbackText } from '../../src/webhooks/fallback.js';
import { createTestAccount } from '../conversations/_support.js';
import { POINTS } from '../drafts/_fixtures.js';
import { setUpLocation } from '../drafts/_support.js';
import { getHarness, type Harness } from '../helpers/app.js';
import { testDb } from '../helpers/db.js';
import { newTenant, type Tenant } from '../helpers/fixtures.js';
import { applier, chat, conversation, customer, json, NOTHING, outbound } from './_answer.js';

let h: Harness;
let db: Db;
let t: Tenant;
let account: string;
let apply: ReturnType<typeof applier>['apply'];
let warnings: unknown[][];

before(async () => {
  h = await getHarness();
  db = await testDb();
  t = await newTenant(h);
  await setUpLocation(h, t.orgKey, t.locationIds[0]);
  account = await createTestAccount(h, { location_id: t.locationIds[0] });
  ({ apply, warnings } = applier(db));
});

const CAMEL_DRAFT = {
  items: [{ type: 'product', productId: 'margherita', quantity: 2, options: [{ optionId: 'size-32' }] }],
  serviceType: 'delivery',
  deliveryAddress: { line1: 'Invalidenstraße 3', postalCode: '10115', city: 'Berlin', country: 'DE', ...POINTS.inner },
  paymentMethod: 'cash',
  customerNotes: 'Allergic to nuts',
  deliveryNotes: 'Ring twice',
};

describe('an answer with every field (location mode)', () => {
  test('customer, location, draft and replies are applied, in one go', async () => {
    const c = await chat(h, db, account);
    const list = {
      button: 'Pizzen',
      sections: [
        { title: 'Klassiker', rows: [{ id: 'margherita', title: 'Margherita', description: '9,00 €' }] },
        { rows: [{ id: 'diavola', title: 'Diavola' }] },
      ],
    };
    const buttons = [
      { id: 'delivery', title: 'Lieferung' },
      { id: 'collection', title: 'Abholung' },
    ];
    const outcome = await apply(
      c.ref,
      json({
        customer: { name: 'Ada Lovelace', language: 'de-at', notes: 'Mag es scharf' },
        locationId: t.locationIds[0],
        orderDraft: CAMEL_DRAFT,
        replies: [{ text: 'Gern!' }, { text: 'Welche Pizza?', list }, { text: 'Wie bekommst du sie?', buttons }],
      }),
    );
    assert.deepEqual(outcome, {
      ...NOTHING,
      replies_sent: 3,
      draft: 'replaced',
      location_id: t.locationIds[0],
      customer_updated: true,
    });

    const cus = await customer(h, c.customerId);
    assert.deepEqual([cus.name, cus.language, cus.notes], ['Ada Lovelace', 'de-AT', 'Mag es scharf']);

    // The REST draft, snake_case with every default: what the quote endpoint takes.
    const conv = await conversation(h, c.conversationId);
    assert.equal(conv.location_id, t.locationIds[0]);
    assert.deepEqual(conv.order_draft, {
      items: [
        {
          type: 'product',
          product_id: 'margherita',
          quantity: 2,
          options: [{ group_id: null, option_id: 'size-32', quantity: 1 }],
          without: [],
          extra: [],
          notes: null,
        },
      ],
      service_type: 'delivery',
      delivery_address: {
        line_1: 'Invalidenstraße 3',
        line_2: null,
        postal_code: '10115',
        city: 'Berlin',
        country: 'DE',
        ...POINTS.inner,
      },
      requested_time: null,
      payment_method: 'cash',
      customer_notes: 'Allergic to nuts',
      delivery_notes: 'Ring twice',
      discount_code: null,
    });
    const quote = await h.call('POST', `/v1/locations/${t.locationIds[0]}/order_quotes`, {
      key: t.orgKey,
      body: conv.order_draft,
    });
    assert.equal(quote.status, 200, quote.raw);
    assert.deepEqual(quote.body.problems, []);

    const out = await outbound(h, c.conversationId);
    assert.deepEqual(
      out.map((m) => [m.type, m.text, m.status]),
      [
        ['text', 'Gern!', 'pending'],
        ['list', 'Welche Pizza?', 'pending'],
        ['buttons', 'Wie bekommst du sie?', 'pending'],
      ],
    );
    // Stored as WhatsApp takes it: Meta requires a title on each section of a list of several.
    assert.deepEqual(out[1].list, {
      ...list,
      sections: [list.sections[0], { title: 'Pizzen 2', rows: list.sections[1].rows }],
    });
    assert.deepEqual(out[2].buttons, buttons);

    // Sent after commit by the channel's sender; on the test channel that is at once.
    h.app.outbound.kick(c.conversationId);
    for (let i = 0; i < 100 && (await outbound(h, c.conversationId)).some((m) => m.status !== 'sent'); i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    assert.ok((await outbound(h, c.conversationId)).every((m) => m.status === 'sent'));
  });

  test('customer fields left out are unchanged; null clears; a null orderDraft clears the draft', async () => {
    const c = await chat(h, db, account, { name: 'Grace', language: 'en' });
    await apply(c.ref, json({ customer: { notes: 'Vegan' }, orderDraft: { items: [] } }));
    let cus = await customer(h, c.customerId);
    assert.deepEqual([cus.name, cus.language, cus.notes], ['Grace', 'en', 'Vegan']);
    assert.notEqual((await conversation(h, c.conversationId)).order_draft, null);

    const outcome = await apply(c.ref, json({ customer: { name: null }, orderDraft: null }));
    assert.equal(outcome.draft, 'cleared');
    cus = await customer(h, c.customerId);
    assert.deepEqual([cus.name, cus.language, cus.notes], [null, 'en', 'Vegan']);
    assert.equal((await conversation(h, c.conversationId)).order_draft, null);
  });

  test("another location than the account's is refused, and nothing of the answer applies", async () => {
    const c = await chat(h, db, account, { language: 'fr' });
    const before = warnings.length;
    const outcome = await apply(
      c.ref,
      json({
        customer: { notes: 'x' },
        orderDraft: CAMEL_DRAFT,
        locationId: t.locationIds[1],
        replies: [{ text: 'Ok' }],
      }),
    );
    assert.equal(outcome.applied, false);
    assert.match(outcome.rejected_reason ?? '', /^locationId: /);
    assert.equal(outcome.fallback_sent, true);
    assert.equal(warnings.length, before + 1);
    assert.equal((await customer(h, c.customerId)).notes, null);
    const conv = await conversation(h, c.conversationId);
    assert.deepEqual([conv.order_draft, conv.location_id], [null, t.locationIds[0]]);
    assert.deepEqual(
      (await outbound(h, c.conversationId)).map((m) => m.text),
      [fallbackText('fr')],
    );
  });
});

describe('what counts as nothing to do', () => {
  const cases: [string, { status: number; contentType: string | null; body: string }][] = [
    ['204, no body', { status: 204, contentType: null, body: '' }],
    ['200, empty body', { status: 200, contentType: 'application/json', body: '' }],
    ['200, only whitespace', { status: 200, contentType: 'application/json', body: ' \r\n ' }],
    ['202 with a JSON answer (only a 200 is read)', { ...json({ replies: [{ text: 'Hi' }] }), status: 202 }],
    ['200, an empty object', json({})],
  ];
  for (const [name, response] of cases) {
    test(name, async () => {
      const c = await chat(h, db, account);
      const before = warnings.length;
      assert.deepEqual(await apply(c.ref, response), NOTHING);
      assert.deepEqual(await outbound(h, c.conversationId), []);
      assert.equal(warnings.length, before);
    });
  }
});

describe('answers that are not applied', () => {
  const cases: [string, { status: number; contentType: string | null; body: string }, RegExp][] = [
    ['invalid JSON', { status: 200, contentType: 'application/json', body: '{"replies": [' }, /not JSON/],
    ['JSON-like text under another type', { status: 200, contentType: 'text/html', body: '{oops}' }, /not JSON/],
    ['200, plain text', { status: 200, contentType: 'text/plain; charset=utf-8', body: 'OK' }, /not JSON.*text\/plain/],
    ['200, no content type, not JSON-like', { status: 200, contentType: null, body: 'received' }, /not JSON/],
    ['JSON that is not an object', json(['hi']), /schema: The answer must be object/],
    ['JSON null', { status: 200, contentType: 'application/json', body: 'null' }, /must be object/],
    ['an unknown field', json({ reply: [{ text: 'x' }] }), /Unknown field: reply\b/],
    ['a snake_case name in the draft', json({ orderDraft: { delivery_address: {} } }), /orderDraft\.delivery_address/],
    [
      'a button title too long',
      json({ replies: [{ text: 'x', buttons: [{ id: 'a', title: 'x'.repeat(21) }] }] }),
      /replies\.0\.buttons\.0\.title/,
    ],
    [
      'four buttons',
      json({ replies: [{ text: 'x', buttons: [1, 2, 3, 4].map((i) => ({ id: `b${i}`, title: 'B' })) }] }),
      /replies\.0\.buttons: must NOT have more than 3 items/,
    ],
    [
      'a list of 11 rows',
      json({
        replies: [
          { text: 'ok' },
          {
            text: 'x',
            list: {
              button: 'Pick',
              sections: [0, 6].map((from) => ({
                rows: Array.from({ length: from === 0 ? 6 : 5 }, (_, i) => ({ id: `r${from + i}`, title: 'R' })),
              })),
            },
          },
        ],
      }),
      /^replies\.1\.list: A list holds at most 10 rows/,
    ],
    [
      'buttons and a list',
      json({
        replies: [
          {
            text: 'x',
            buttons: [{ id: 'a', title: 'A' }],
            list: { button: 'b', sections: [{ rows: [{ id: 'r', title: 'R' }] }] },
          },
        ],
      }),
      /buttons or a list, not both/,
    ],
    [
      'a draft item without its id',
      json({ orderDraft: { items: [{ type: 'product' }] } }),
      /orderDraft\.items\.0\.productId/,
    ],
    [
      'an unknown action',
      json({ action: 'refund' }),
      /Invalid field action: .* Allowed: place_order, cancel_order, redeliver\./,
    ],
    ['not a language', json({ customer: { language: '12345' } }), /^customer\.language: /],
    ['text PostgreSQL cannot store', json({ replies: [{ text: 'a\u0000b' }] }), /^replies\.0\.text: /],
  ];
  for (const [name, response, reason] of cases) {
    test(name, async () => {
      const c = await chat(h, db, account, { language: 'de' });
      const before = warnings.length;
      const outcome = await apply(c.ref, response);
      assert.match(outcome.rejected_reason ?? '', reason);
      assert.deepEqual(
        { ...outcome, rejected_reason: null },
        {
          ...NOTHING,
          applied: false,
          fallback_sent: true,
        },
      );
      // Logged once, with the reason and never the body.
      assert.equal(warnings.length, before + 1);
      const [fields] = warnings[warnings.length - 1] as [Record<string, unknown>];
      assert.deepEqual(fields, {
        delivery_id: c.ref.deliveryId,
        conversation_id: c.conversationId,
        reason: outcome.rejected_reason,
      });
      assert.deepEqual(
        (await outbound(h, c.conversationId)).map((m) => m.text),
        [fallbackText('de')],
      );
    });
  }
});
