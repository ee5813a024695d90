/**
 * A conversation's messages in the console are a keyset page, newest first (docs/console.md, Conversations):
 * the latest first, `starting_after` for earlier ones, `ending_before` for those that came since; a cursor
 * of another conversation is 400.
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { createTestAccount, digits, say } from '../conversations/_support.js';
import { getHarness, type Harness } from '../helpers/app.js';
import { newTenant, type Tenant } from '../helpers/fixtures.js';
import { consoleUser } from './_support.js';

let h: Harness;
let t: Tenant;
let account: string;

before(async () => {
  h = await getHarness();
  t = await newTenant(h);
  account = await createTestAccount(h, { location_id: t.locationIds[0] });
});

test('the messages page: latest first, earlier ones after the oldest shown, new ones before the newest', async () => {
  const phone = `+4917${digits(8)}`;
  const said: { id: string; conversation_id: string }[] = [];
  for (const text of ['one', 'two', 'three', 'four', 'five']) said.push(await say(h, account, phone, text));
  const conversation = said[0].conversation_id;
  const staff = await consoleUser(h, { role: 'staff', location_id: t.locationIds[0] });
  const url = `/console/api/conversations/${conversation}/messages`;
  const inbound = (res: { body: { data: { id: string; direction: string }[] } }) =>
    res.body.data.filter((m) => m.direction === 'inbound').map((m) => m.id);

  // Inbound only, whatever the chatbot answered meanwhile: filter the pages the same way.
  const all = await staff.call('GET', `${url}?limit=100`);
  assert.equal(all.status, 200, all.raw);
  assert.deepEqual(inbound(all), said.map((m) => m.id).reverse(), 'newest first');
  assert.equal(all.body.has_more, false);

  const n = all.body.data.length;
  const first = await staff.call('GET', `${url}?limit=2`);
  assert.deepEqual(first.body.data, all.body.data.slice(0, 2));
  assert.equal(first.body.has_more, n > 2);
  const next = await staff.call('GET', `${url}?limit=2&starting_after=${first.body.data[1].id}`);
  assert.deepEqual(next.body.data, all.body.data.slice(2, 4), 'earlier ones');
  const since = await staff.call('GET', `${url}?limit=2&ending_before=${next.body.data[0].id}`);
  assert.deepEqual(since.body.data, all.body.data.slice(0, 2), 'the ones after it');
  const latest = await staff.call('GET', `${url}?ending_before=${all.body.data[0].id}`);
  assert.deepEqual(latest.body.data, [], 'nothing came since the newest');
  const six = await say(h, account, phone, 'six');
  const after = await staff.call('GET', `${url}?ending_before=${all.body.data[0].id}`);
  assert.ok(inbound(after).includes(six.id), 'a new message is read since the newest shown');

  const other = await say(h, account, `+4917${digits(8)}`, 'elsewhere');
  const foreign = await staff.call('GET', `${url}?starting_after=${other.id}`);
  assert.equal(foreign.status, 400, foreign.raw);
  assert.equal(foreign.body.error.param, 'starting_after');
  for (const q of ['limit=0', 'limit=101', 'starting_after=a&ending_before=b', 'other=1']) {
    assert.equal((await staff.call('GET', `${url}?${q}`)).status, 400, q);
  }
});
