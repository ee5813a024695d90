/**
 * Every message type Meta's Cloud API documents, each through the real route, signed (issue 22): what is
 * stored, what is shown, and what the chatbot is told of (a message webhook delivery) or not.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { getHarness, type Harness } from '../helpers/app.js';
import { newTenant, type Tenant } from '../helpers/fixtures.js';
import { envelope, metaMessage } from './_meta.js';
import { createWhatsAppAccount, digits, messagesOf, notify, type WhatsAppAccount, wamid } from './_support.js';

let h: Harness;
let t: Tenant;
let wa: WhatsAppAccount;

before(async () => {
  h = await getHarness();
  t = await newTenant(h);
  wa = await createWhatsAppAccount(h, { location_id: t.locationIds[0] });
});

const newWaId = () => `49${digits(10)}`;

async function conversationByPhone(waId: string) {
  const customers = await h.call('GET', `/admin/v1/customers?phone=${waId}`);
  const customer = customers.body.data[0];
  assert.ok(customer, `no customer ${waId}`);
  const res = await h.call('GET', `/admin/v1/conversations?customer_id=${customer.id}&channel_account_id=${wa.id}`);
  return res.body.data[0];
}

async function deliveriesOf(conversationId: string) {
  const res = await h.call('GET', `/admin/v1/webhook_deliveries?conversation_id=${conversationId}&limit=100`);
  assert.equal(res.status, 200, res.raw);
  return res.body.data as any[];
}

/** One message of the fixture `name` from a new customer: the stored message and whether it was delivered. */
async function sendOne(name: string, target?: string) {
  const waId = newWaId();
  const res = await notify(
    h,
    wa.id,
    envelope(wa, { messages: [metaMessage(name, { WA_ID: waId, TARGET: target })] }),
    wa.appSecret,
  );
  assert.equal(res.status, 200, res.raw);
  assert.equal(res.body.messages_stored, 1, res.raw);
  const conversation = await conversationByPhone(waId);
  const [m] = await messagesOf(h, conversation.id);
  return { m, delivered: (await deliveriesOf(conversation.id)).length > 0 };
}

describe('WhatsApp inbound: every message type', () => {
  const media = (type: string, id: string, mime: string, extra: object = {}) => ({
    type: 'unsupported',
    unsupported_type: type,
    delivered: true,
    check: (m: any) => {
      assert.equal(m.media.id, id);
      assert.equal(m.media.mime_type, mime);
      for (const [k, v] of Object.entries(extra)) assert.deepEqual(m.media[k], v, k);
    },
  });
  const cases: Record<
    string,
    { type: string; unsupported_type?: string; delivered: boolean; check?: (m: any) => void }
  > = {
    text: { type: 'text', delivered: true, check: (m) => assert.equal(m.text, 'Eine Margherita bitte') },
    button_reply: { type: 'reply', delivered: true, check: (m) => assert.equal(m.reply.id, 'delivery') },
    list_reply: { type: 'reply', delivered: true, check: (m) => assert.equal(m.reply.id, 'margherita') },
    button: { type: 'reply', delivered: true, check: (m) => assert.equal(m.reply.id, 'track-order') },
    location: { type: 'location', delivered: true, check: (m) => assert.equal(m.location.name, 'Büro') },
    image: media('image', '1003383421387256', 'image/jpeg', { caption: 'So sieht meine Pizza aus' }),
    audio: media('audio', '1421573235528571', 'audio/ogg; codecs=opus', { voice: true }),
    video: media('video', '1184400519732372', 'video/mp4', { caption: 'Der Eingang' }),
    document: media('document', '1090212069556717', 'application/pdf', { filename: 'bestellung.pdf' }),
    sticker: media('sticker', '1322575972238098', 'image/webp', { animated: false }),
    contacts: {
      type: 'unsupported',
      unsupported_type: 'contacts',
      delivered: true,
      check: (m) => assert.deepEqual(m.contacts, [{ name: 'Jana Beispiel', phones: ['+49 170 1234567'] }]),
    },
    reaction: { type: 'reaction', delivered: false, check: (m) => assert.equal(m.reaction.emoji, '\u{1F44D}') },
    reaction_removed: { type: 'reaction', delivered: false, check: (m) => assert.equal(m.reaction.emoji, null) },
    unsupported: {
      type: 'unsupported',
      unsupported_type: 'unsupported.edit',
      delivered: true,
      check: (m) =>
        assert.match(
          m.channel_errors,
          /Message type unknown: Message type is currently not supported\. \(code 131051\)/,
        ),
    },
    system: {
      type: 'system',
      delivered: false,
      check: (m) => {
        assert.equal(m.system.type, 'user_changed_number');
        assert.equal(m.system.new_wa_id, '491707654321');
        assert.equal(m.text, null);
      },
    },
    order: { type: 'unsupported', unsupported_type: 'order', delivered: true },
    referral: {
      type: 'text',
      delivered: true,
      check: (m) => {
        assert.equal(m.referral.source_type, 'ad');
        assert.equal(m.referral.headline, 'Pizza-Abend');
        assert.match(m.referral.ctwa_clid, /^ARAkLkA8/);
        assert.equal(m.referral.video_url, null);
      },
    },
    forwarded: {
      type: 'text',
      delivered: true,
      check: (m) =>
        assert.deepEqual(m.context, {
          channel_message_id: null,
          message_id: null,
          from: null,
          forwarded: true,
          frequently_forwarded: false,
        }),
    },
  };
  for (const [name, want] of Object.entries(cases)) {
    test(`${name}: stored as ${want.type}${want.unsupported_type ? ` (${want.unsupported_type})` : ''}, ${want.delivered ? '' : 'not '}delivered`, async () => {
      const { m, delivered } = await sendOne(name);
      assert.equal(m.type, want.type);
      assert.equal(m.unsupported_type, want.unsupported_type ?? null);
      assert.equal(m.direction, 'inbound');
      assert.equal(delivered, want.delivered);
      want.check?.(m);
    });
  }

  test('a reaction and a reply name the message they are about, by the channel id and by ours', async () => {
    const waId = newWaId();
    const first = metaMessage('text', { WA_ID: waId });
    const reaction = metaMessage('reaction', { WA_ID: waId, TARGET: first.id });
    const reply = metaMessage('button_reply', { WA_ID: waId, TARGET: first.id });
    const res = await notify(h, wa.id, envelope(wa, { messages: [first, reaction, reply] }), wa.appSecret);
    assert.equal(res.body.messages_stored, 3, res.raw);
    const [text, r, b] = await messagesOf(h, (await conversationByPhone(waId)).id);
    assert.deepEqual(r.reaction, { channel_message_id: first.id, emoji: '\u{1F44D}', message_id: text.id });
    assert.equal(b.context.message_id, text.id);
    assert.equal(b.context.channel_message_id, first.id);
    assert.equal(b.context.from, '15550783881');
    // The thumbs-up is in the conversation, but only the two messages are the chatbot's to answer.
    const deliveries = await deliveriesOf(text.conversation_id);
    assert.deepEqual(deliveries.map((d) => d.message_id).sort(), [text.id, b.id].sort());
  });

  test('several pictures in a row: all stored, the chatbot hears of the first only', async () => {
    const waId = newWaId();
    const messages = ['image', 'sticker', 'audio'].map((n) => metaMessage(n, { WA_ID: waId }));
    const res = await notify(h, wa.id, envelope(wa, { messages }), wa.appSecret);
    assert.equal(res.body.messages_stored, 3, res.raw);
    const stored = await messagesOf(h, (await conversationByPhone(waId)).id);
    const deliveries = await deliveriesOf(stored[0].conversation_id);
    assert.deepEqual(
      deliveries.map((d) => d.message_id),
      [stored[0].id],
    );
    // A text afterwards is delivered as always.
    await notify(h, wa.id, envelope(wa, { messages: [metaMessage('text', { WA_ID: waId })] }), wa.appSecret);
    assert.equal((await deliveriesOf(stored[0].conversation_id)).length, 2);
  });
});

describe('WhatsApp inbound: business-scoped users', () => {
  const userId = () => `US.${digits(20)}`;
  const fromUser = (id: string, from = '') => ({
    ...metaMessage('text', { WA_ID: from }),
    from,
    from_user_id: id,
  });
  const contactsOf = (id: string, waId = '') => [
    { profile: { name: 'Kim Username', username: '@kimeats' }, wa_id: waId, user_id: id },
  ];
  async function customerOfUser(id: string) {
    // This file's organization has few customers: one page holds them all.
    const res = await h.call('GET', `/admin/v1/customers?organization_id=${t.orgId}&limit=100`);
    assert.equal(res.status, 200, res.raw);
    return (res.body.data as any[]).find((c) => c.whatsapp_user_id === id);
  }

  test('a user without a phone number is a customer by their user id, and found again', async () => {
    const id = userId();
    for (let i = 0; i < 2; i++) {
      const res = await notify(
        h,
        wa.id,
        envelope(wa, { messages: [fromUser(id)], contacts: contactsOf(id) }),
        wa.appSecret,
      );
      assert.equal(res.status, 200, res.raw);
      assert.equal(res.body.messages_stored, 1);
    }
    const customer = await customerOfUser(id);
    assert.equal(customer.phone, null);
    assert.equal(customer.name, 'Kim Username');
    const conversations = await h.call('GET', `/admin/v1/conversations?customer_id=${customer.id}`);
    assert.equal(conversations.body.data.length, 1);
    assert.equal((await messagesOf(h, conversations.body.data[0].id)).length, 2);
    assert.equal((await deliveriesOf(conversations.body.data[0].id)).length, 2);
  });

  test('a customer known by phone keeps their user id, and is found by it when the phone is hidden', async () => {
    const id = userId();
    const waId = newWaId();
    await notify(
      h,
      wa.id,
      envelope(wa, { messages: [fromUser(id, waId)], contacts: contactsOf(id, waId) }),
      wa.appSecret,
    );
    await notify(h, wa.id, envelope(wa, { messages: [fromUser(id)], contacts: contactsOf(id) }), wa.appSecret);
    const customer = await customerOfUser(id);
    assert.equal(customer.phone, `+${waId}`);
    const conversation = await conversationByPhone(waId);
    assert.equal((await messagesOf(h, conversation.id)).length, 2);
  });

  test('the Meta fixture itself: from "" with from_user_id is 200 and stored', async () => {
    const { fill, fixture } = await import('./_support.js');
    const id = userId();
    const raw = fill(fixture('business-scoped-user'), {
      PHONE_NUMBER_ID: wa.phoneNumberId,
      USER_ID: id,
      WAMID: wamid(),
    });
    const res = await notify(h, wa.id, raw, wa.appSecret);
    assert.equal(res.status, 200, res.raw);
    assert.equal(res.body.messages_stored, 1);
    assert.equal((await customerOfUser(id)).whatsapp_user_id, id);
  });
});
