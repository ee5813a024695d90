/**
 * The location's own changes and the conversation events: location.updated from PATCH; message.received
 * and message.sent from a real test-channel exchange, only to endpoints that name them (never to '*'), and
 * only for keys that may read conversations.
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { recordOutboundMessage } from '../../src/domain/conversations/messages.js';
import { createTestAccount, say } from '../conversations/_support.js';
import { assertError, newTenant, type Tenant } from '../helpers/fixtures.js';
import { type EventsHarness, eventsHarness, eventually, receiver, subscribe } from './_support.js';

let h: EventsHarness;
let t: Tenant;

before(async () => {
  h = await eventsHarness();
  t = await newTenant(h);
});

test('location.updated: the location as GET shows it after, its changed fields before', async () => {
  const rx = await receiver();
  await subscribe(h, t.orgKey, { url: rx.url, enabled_events: ['location.updated'] });
  const loc = t.locationIds[0];
  const before = await h.call('GET', `/v1/locations/${loc}`, { key: t.orgKey });
  const res = await h.call('PATCH', `/v1/locations/${loc}`, { key: t.orgKey, body: { name: 'Renamed Bistro' } });
  assert.equal(res.status, 200, res.raw);
  // The same values again change nothing: no event.
  await h.call('PATCH', `/v1/locations/${loc}`, { key: t.orgKey, body: { name: 'Renamed Bistro' } });
  await eventually(() => assert.equal(rx.got.length, 1));
  await new Promise((r) => setTimeout(r, 300));
  assert.equal(rx.got.length, 1);
  const [e] = rx.got.map((r) => r.json);
  assert.equal(e.type, 'location.updated');
  assert.deepEqual(e.data.object, res.body);
  assert.deepEqual(e.previous_attributes, { name: before.body.name });
  assert.equal(e.location_id, loc);
  assert.equal(e.organization_id, t.orgId);
});

test('message.received and message.sent, in order, to the endpoint that names them and not to "*"', async () => {
  const named = await receiver();
  const everything = await receiver();
  await subscribe(h, t.orgKey, { url: named.url, enabled_events: ['message.received', 'message.sent'] });
  await subscribe(h, t.orgKey, { url: everything.url, enabled_events: ['*'] });
  const account = await createTestAccount(h, { location_id: t.locationIds[1] });
  const stored = await say(h, account, '+4915112345678', 'Two margheritas please');
  const conversation = await h.call('GET', `/admin/v1/conversations/${stored.conversation_id}`);
  const reply = await h.db.transaction((tx) =>
    recordOutboundMessage(tx, { ...conversation.body, id: stored.conversation_id } as never, {
      text: 'Coming right up',
    }),
  );
  h.app.outbound.kick(stored.conversation_id);
  await eventually(() => assert.equal(named.got.length, 2));
  const [received, sent] = named.got.map((r) => r.json);
  assert.equal(received.type, 'message.received');
  assert.equal(received.data.object.id, stored.id);
  assert.equal(received.data.object.text, 'Two margheritas please');
  assert.equal(received.data.object.direction, 'inbound');
  // A location's conversation: its organization's endpoints get it too.
  assert.equal(received.organization_id, t.orgId);
  assert.equal(received.location_id, t.locationIds[1]);
  assert.equal(sent.type, 'message.sent');
  assert.equal(sent.data.object.id, reply.id);
  assert.equal(sent.data.object.status, 'sent');
  const messages = await h.call('GET', `/admin/v1/conversations/${stored.conversation_id}/messages`);
  assert.deepEqual(
    sent.data.object,
    messages.body.data.find((m: { id: string }) => m.id === reply.id),
  );
  await new Promise((r) => setTimeout(r, 300));
  assert.deepEqual(
    everything.got.map((r) => r.json.type),
    [],
  );
});

test('without conversations.read: naming message events is refused, and the list leaves them out', async () => {
  const narrow = await newTenant(h, ['webhook_endpoints.read', 'webhook_endpoints.write', 'events.read']);
  const rx = await receiver();
  const refused = await h.call('POST', '/v1/webhook_endpoints', {
    key: narrow.orgKey,
    body: { url: rx.url, enabled_events: ['order.created', 'message.received'] },
  });
  const e = assertError(refused, 403, 'authorization_error', 'permission_denied');
  assert.match(e.message, /conversations\.read/);
  const ok = await subscribe(h, narrow.orgKey, { url: rx.url, enabled_events: ['order.created'] });
  const patched = await h.call('PATCH', `/v1/webhook_endpoints/${ok.id}`, {
    key: narrow.orgKey,
    body: { enabled_events: ['message.sent'] },
  });
  assertError(patched, 403, 'authorization_error', 'permission_denied');

  const account = await createTestAccount(h, { location_id: narrow.locationIds[0] });
  await say(h, account, '+4915187654321', 'Hello there');
  const hidden = await h.call('GET', '/v1/events?limit=100', { key: narrow.orgKey });
  assert.equal(hidden.status, 200, hidden.raw);
  assert.deepEqual(
    hidden.body.data.filter((ev: { type: string }) => ev.type.startsWith('message.')),
    [],
  );
  const full = await newTenantKey(narrow.orgId);
  const shown = await h.call('GET', '/v1/events?type=message.received', { key: full });
  assert.equal(shown.body.data.length, 1, shown.raw);
  assert.equal(shown.body.data[0].data.object.text, 'Hello there');
});

/** A key of the same organization that may read conversations (and events). */
async function newTenantKey(organizationId: string): Promise<string> {
  const res = await h.call('POST', '/admin/v1/api_keys', {
    body: { organization_id: organizationId, permissions: ['events.read', 'conversations.read'] },
    idempotencyKey: `k-${organizationId}`,
  });
  assert.equal(res.status, 201, res.raw);
  return res.body.secret;
}
