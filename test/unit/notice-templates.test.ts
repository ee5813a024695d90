/** Order notices as WhatsApp templates: values made acceptable to Meta, PATCH merging, Graph's body. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { graphMessageBody } from '../../src/channels/whatsapp/messages-body.js';
import type { MessageRow } from '../../src/domain/conversations/messages.js';
import {
  mergeTemplates,
  type TemplateValues,
  templateMessage,
  windowEndsAt,
} from '../../src/domain/conversations/notice-templates.js';

const values: TemplateValues = {
  order_number: '42',
  customer_name: '',
  location_name: 'Trattoria\n\tMitte     Süd',
  reason: '',
  notice_text: 'Ihre Bestellung #42 wurde angenommen.',
};
const T = { name: 'order_accepted', language: 'de', parameters: ['order_number', 'location_name'] as const };

describe('notice templates', () => {
  test('parameters in the order named; whitespace runs one space, empty values "-" (Meta refuses both)', () => {
    const t = templateMessage(
      { ...T, parameters: ['location_name', 'customer_name', 'order_number', 'reason'] },
      values,
    );
    assert.deepEqual(t.parameters, ['Trattoria Mitte Süd', '-', '42', '-']);
    assert.equal(
      templateMessage({ ...T, parameters: ['notice_text'] }, { ...values, notice_text: 'x'.repeat(2000) }).parameters[0]
        .length,
      1000,
    );
  });

  test('PATCH merges: a notice given replaces, null removes, the rest stay', () => {
    const current = {
      accepted: { ...T, parameters: [...T.parameters] },
      cancelled: { ...T, name: 'c', parameters: [] },
    };
    const merged = mergeTemplates(current, { cancelled: null, in_delivery: { ...T, name: 'd', parameters: [] } });
    assert.deepEqual(Object.keys(merged).sort(), ['accepted', 'in_delivery']);
    assert.equal(merged.in_delivery?.name, 'd');
    assert.deepEqual(mergeTemplates(undefined, {}), {});
  });

  test("Graph's template body; no components for a template without parameters", () => {
    const m = {
      text: 'x',
      payload: { template: { name: 'hello', language: 'en_US', parameters: [] } },
    } as unknown as MessageRow;
    assert.deepEqual(graphMessageBody('+491701234567', m), {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '491701234567',
      type: 'template',
      template: { name: 'hello', language: { code: 'en_US' } },
    });
    m.payload = { template: templateMessage({ ...T, parameters: ['order_number'] }, values) };
    assert.deepEqual((graphMessageBody(null, m, 'US.1') as any).template.components, [
      { type: 'body', parameters: [{ type: 'text', text: '42' }] },
    ]);
    assert.equal((graphMessageBody(null, m, 'US.1') as any).recipient, 'US.1');
  });

  test('the window ends 24 hours after the last message; never open without one', () => {
    assert.equal(windowEndsAt(new Date('2026-11-27T10:00:00Z'))?.toISOString(), '2026-11-28T10:00:00.000Z');
    assert.equal(windowEndsAt(null), null);
  });
});
