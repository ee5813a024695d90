import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { graphMessageBody } from '../../src/channels/whatsapp/messages-body.js';
import { parseNotification } from '../../src/channels/whatsapp/notification.js';
import { checkSignature, signBody } from '../../src/channels/whatsapp/signature.js';
import type { MessageRow } from '../../src/domain/conversations/messages.js';
import { redactSecrets } from '../../src/lib/redact.js';

const SECRET = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
const fixture = (name: string, values: Record<string, string>) =>
  readFileSync(new URL(`../conversations/fixtures/${name}.json`, import.meta.url), 'utf8').replace(
    /\{\{(\w+)\}\}/g,
    (_m, k: string) => values[k],
  );

test('signatures: HMAC-SHA256 of the exact bytes with the app secret, as sha256=<hex>', () => {
  const body = Buffer.from('{"object":"whatsapp_business_account"}');
  const expected = `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`;
  assert.equal(signBody(body, SECRET), expected);
  assert.equal(checkSignature(body, expected, SECRET), 'valid');
  assert.equal(checkSignature(body, expected.toUpperCase().replace('SHA256=', 'sha256='), SECRET), 'valid');
  assert.equal(checkSignature(body, undefined, SECRET), 'missing');
  assert.equal(checkSignature(body, '', SECRET), 'missing');
  assert.equal(checkSignature(body, [expected, expected], SECRET), 'invalid');
  assert.equal(checkSignature(body, expected.slice(0, -2), SECRET), 'invalid');
  assert.equal(checkSignature(body, `${expected}00`, SECRET), 'invalid');
  assert.equal(checkSignature(body, expected.replace('sha256=', ''), SECRET), 'invalid');
  assert.equal(checkSignature(body, expected, 'other secret'), 'invalid');
  assert.equal(checkSignature(Buffer.from(`${body} `), expected, SECRET), 'invalid');
});

test("parses Meta's text message notification", () => {
  const raw = fixture('text-message', { PHONE_NUMBER_ID: '106540352242922', WA_ID: '16505551234', WAMID: 'wamid.X' });
  const parsed = parseNotification(JSON.parse(raw), '106540352242922');
  assert.deepEqual(parsed.messages, [
    {
      from: { phone: '+16505551234', whatsapp_user_id: null, name: 'Sheena Nelson' },
      channel_message_id: 'wamid.X',
      sent_at: new Date(1749416383000),
      type: 'text',
      text: 'Hallo! Habt ihr heute Abend noch Pizza Margherita?',
      extras: { context: null, referral: null },
    },
  ]);
  assert.deepEqual(parsed.statuses, []);
  assert.deepEqual(parseNotification(JSON.parse(raw), '999').messages, []);
});

test('text PostgreSQL cannot hold is replaced, not refused', () => {
  const body = JSON.parse(fixture('text-message', { PHONE_NUMBER_ID: '1', WA_ID: '16505551234', WAMID: 'w' }));
  body.entry[0].changes[0].value.messages[0].text.body = 'a\u0000b\ud800c';
  assert.equal(parseNotification(body, '1').messages[0].text, 'a\uFFFDb\uFFFDc');
});

test('statuses: known ones update, others are left aside; errors are kept', () => {
  const body = JSON.parse(
    fixture('status-delivered', { PHONE_NUMBER_ID: '1', WA_ID: '1', WAMID: 'wamid.S', STATUS: 'failed' }),
  );
  body.entry[0].changes[0].value.statuses[0].errors = [{ code: 131047, title: 'Re-engagement message' }];
  body.entry[0].changes[0].value.statuses.push({ id: 'wamid.T', status: 'deleted' });
  const parsed = parseNotification(body, '1');
  assert.deepEqual(parsed.statuses, [
    { channel_message_id: 'wamid.S', status: 'failed', error: 'Re-engagement message (code 131047)' },
  ]);
  assert.equal(parsed.ignored.length, 1);
});

test('malformed items are refused alone, naming the field; another object is left aside', () => {
  for (const body of [[], { object: 'instagram' }]) {
    const parsed = parseNotification(body, '1');
    assert.deepEqual([parsed.messages, parsed.rejected, parsed.ignored.length], [[], [], 1]);
  }
  const cases: [unknown, string][] = [
    [{ object: 'whatsapp_business_account', entry: [{ changes: [{ field: 'messages' }] }] }, 'entry.0.changes.0.value'],
    [
      {
        object: 'whatsapp_business_account',
        entry: [{ changes: [{ field: 'messages', value: { metadata: { phone_number_id: '1' }, messages: [{}] } }] }],
      },
      'entry.0.changes.0.value.messages.0.type',
    ],
    [
      {
        object: 'whatsapp_business_account',
        entry: [
          {
            changes: [
              {
                field: 'messages',
                value: {
                  metadata: { phone_number_id: '1' },
                  messages: [{ from: '1650555', id: 'w', type: 'location', location: { latitude: 'x', longitude: 1 } }],
                },
              },
            ],
          },
        ],
      },
      'entry.0.changes.0.value.messages.0.location.latitude',
    ],
  ];
  for (const [body, param] of cases) {
    assert.deepEqual(
      parseNotification(body, '1').rejected.map((r) => r.param),
      [param],
    );
  }
});

test("outbound bodies in the Graph API's format", () => {
  const m = (text: string, payload: Record<string, unknown> | null) => ({ text, payload }) as unknown as MessageRow;
  assert.deepEqual(graphMessageBody('+491701234567', m('Hi', null)), {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: '491701234567',
    type: 'text',
    text: { preview_url: false, body: 'Hi' },
  });
  const buttons = graphMessageBody('+1', m('Pick', { buttons: [{ id: 'a', title: 'A' }] }));
  assert.deepEqual(buttons.interactive, {
    type: 'button',
    body: { text: 'Pick' },
    action: { buttons: [{ type: 'reply', reply: { id: 'a', title: 'A' } }] },
  });
});

test('the verify token of a handshake URL never reaches a log line', () => {
  assert.equal(
    redactSecrets('GET /channels/whatsapp/cha_1/webhook?hub.mode=subscribe&hub.verify_token=s3cret&hub.challenge=1'),
    'GET /channels/whatsapp/cha_1/webhook?hub.mode=subscribe&hub.verify_token=[redacted]&hub.challenge=1',
  );
  assert.equal(redactSecrets('?hub%2Everify_token=s3cret'), '?hub%2Everify_token=[redacted]');
});
