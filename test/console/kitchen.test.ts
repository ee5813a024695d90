/**
 * The Kitchen tab's newer switches (docs/console.md): today's special closing (close until a time or the
 * end of the local day, open again) through the special closings of the API, and an option switched off
 * until a time through the menu availability; who may do which.
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { localDay } from '../../src/domain/users/today.js';
import { getHarness, type Harness } from '../helpers/app.js';
import { testDb } from '../helpers/db.js';
import { newTenant, type Tenant } from '../helpers/fixtures.js';
import { sampleMenu } from '../menus/_menu.js';
import { consoleUser } from './_support.js';

let h: Harness;
let t: Tenant;
let loc: string;

before(async () => {
  h = await getHarness();
  t = await newTenant(h);
  loc = t.locationIds[0];
  const put = await h.call('PUT', `/v1/locations/${loc}/menu`, { key: t.orgKey, body: sampleMenu() });
  assert.equal(put.status, 200, put.raw);
});

const closings = async () =>
  (await h.call('GET', `/v1/locations/${loc}/special_closings`, { key: t.orgKey })).body.data as {
    id: string;
    starts_at: string;
    ends_at: string;
    reason: string;
  }[];
const kitchenOf = async (u: Awaited<ReturnType<typeof consoleUser>>) =>
  (await u.call('GET', '/console/api/kitchen')).body.data.find((l: { location_id: string }) => l.location_id === loc);

test("a location's day is its own: Berlin's spring-forward day has 23 hours", async () => {
  const day = await localDay(await testDb(), loc, new Date('2026-03-29T10:00:00Z'));
  assert.equal(day.date, '2026-03-29');
  assert.equal(day.start.toISOString(), '2026-03-28T23:00:00.000Z');
  assert.equal(day.end.toISOString(), '2026-03-29T22:00:00.000Z');
  const late = await localDay(await testDb(), loc, new Date('2026-07-01T22:30:00Z'));
  assert.equal(late.date, '2026-07-02', 'half past midnight in Berlin is the next day');
});

test('a manager closes for the rest of today and opens again; the API shows the closing', async () => {
  const manager = await consoleUser(h, { role: 'manager', location_id: loc });
  const closed = await manager.call('POST', `/console/api/kitchen/${loc}/closing`, { reason: 'Burst water pipe' });
  assert.equal(closed.status, 201, closed.raw);
  const day = await localDay(await testDb(), loc);
  assert.equal(closed.body.ends_at, day.end.toISOString(), 'until the end of the local day');
  assert.ok(Date.parse(closed.body.starts_at) <= Date.now());
  const listed = (await closings()).find((c) => c.id === closed.body.id);
  assert.equal(listed?.reason, 'Burst water pipe');
  assert.equal((await kitchenOf(manager)).closing.id, closed.body.id);

  const ended = await manager.call('POST', `/console/api/kitchen/${loc}/closing/${closed.body.id}/end`);
  assert.equal(ended.status, 200, ended.raw);
  assert.ok(Date.parse(ended.body.ends_at) <= Date.now(), 'ends now');
  assert.ok(
    (await closings()).some((c) => c.id === closed.body.id),
    'kept: it happened',
  );
  assert.equal((await kitchenOf(manager)).closing, null);

  // Until a time today; not beyond the day (longer closings are planned on the API).
  const soon = new Date(Math.min(Date.now() + 60_000, day.end.getTime())).toISOString();
  const short = await manager.call('POST', `/console/api/kitchen/${loc}/closing`, {
    reason: 'Staff meeting',
    until: soon,
  });
  assert.equal(short.status, 201, short.raw);
  assert.equal(short.body.ends_at, soon);
  await manager.call('POST', `/console/api/kitchen/${loc}/closing/${short.body.id}/end`);
  // Typed on the tablet: 00:00 is the coming midnight on the location's clock, the end of its day.
  const midnight = await manager.call('POST', `/console/api/kitchen/${loc}/closing`, {
    reason: 'Late',
    until: '00:00',
  });
  assert.equal(midnight.status, 201, midnight.raw);
  assert.equal(midnight.body.ends_at, day.end.toISOString());
  await manager.call('POST', `/console/api/kitchen/${loc}/closing/${midnight.body.id}/end`);
  const tomorrow = new Date(day.end.getTime() + 3_600_000).toISOString();
  const long = await manager.call('POST', `/console/api/kitchen/${loc}/closing`, {
    reason: 'Holiday',
    until: tomorrow,
  });
  assert.equal(long.status, 400, long.raw);
  assert.equal(long.body.error.param, 'until');
  const other = await manager.call('POST', `/console/api/kitchen/${t.locationIds[1]}/closing`, { reason: 'x' });
  assert.equal(other.status, 404, 'another location of the organization is not theirs');
});

test('staff may not close the location, and see a closing without its buttons', async () => {
  const staff = await consoleUser(h, { role: 'staff', location_id: loc });
  const res = await staff.call('POST', `/console/api/kitchen/${loc}/closing`, { reason: 'Tired' });
  assert.equal(res.status, 403, res.raw);
  assert.equal(res.body.error.code, 'role_not_allowed');
  assert.equal(res.body.error.details.ability, 'kitchen.closing');
  const owner = await consoleUser(h, { role: 'owner', organization_id: t.orgId });
  const closed = await owner.call('POST', `/console/api/kitchen/${loc}/closing`, { reason: 'Inspection' });
  assert.equal(closed.status, 201, closed.raw);
  const end = await staff.call('POST', `/console/api/kitchen/${loc}/closing/${closed.body.id}/end`);
  assert.equal(end.status, 403);
  assert.equal((await kitchenOf(staff)).closing.reason, 'Inspection');
  await owner.call('POST', `/console/api/kitchen/${loc}/closing/${closed.body.id}/end`);
});

test('an option is switched off until a time, as the menu availability shows', async () => {
  const staff = await consoleUser(h, { role: 'staff', location_id: loc });
  const kitchen = await kitchenOf(staff);
  const salami = kitchen.items.find((i: { id: string }) => i.id === 'salami');
  assert.deepEqual(salami, { id: 'salami', kind: 'option', name: 'Salami', available: true, unavailable_until: null });
  assert.ok(
    kitchen.items.some((i: { kind: string }) => i.kind === 'bundle'),
    'deals too',
  );
  const until = new Date(Date.now() + 3_600_000).toISOString();
  const off = await staff.call('POST', `/console/api/kitchen/${loc}/items`, { id: 'salami', available: false, until });
  assert.equal(off.status, 200, off.raw);
  const availability = await h.call('GET', `/v1/locations/${loc}/menu/availability`, { key: t.orgKey });
  const item = availability.body.unavailable_items.find((i: { id: string }) => i.id === 'salami');
  assert.equal(item.unavailable_until, until);
  const shown = (await kitchenOf(staff)).items.find((i: { id: string }) => i.id === 'salami');
  assert.equal(shown.available, false);
  assert.equal(shown.unavailable_until, until);
  // A time of day typed on the tablet: its next occurrence on the location's clock (Berlin), not the server's.
  const typed = await staff.call('POST', `/console/api/kitchen/${loc}/items`, {
    id: 'olives',
    available: false,
    until: '23:59',
  });
  assert.equal(typed.status, 200, typed.raw);
  const olives = typed.body.unavailable_items.find((i: { id: string }) => i.id === 'olives');
  const berlin = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit' });
  assert.equal(berlin.format(new Date(olives.unavailable_until)), '23:59');
  const ahead = Date.parse(olives.unavailable_until) - Date.now();
  assert.ok(ahead > 0 && ahead <= 24 * 3_600_000, `${ahead}`);
  const bad = await staff.call('POST', `/console/api/kitchen/${loc}/items`, {
    id: 'olives',
    available: false,
    until: '24:00',
  });
  assert.equal(bad.status, 400, bad.raw);
  await staff.call('POST', `/console/api/kitchen/${loc}/items`, { id: 'olives', available: true });
  const past = await staff.call('POST', `/console/api/kitchen/${loc}/items`, {
    id: 'olives',
    available: false,
    until: new Date(Date.now() - 1000).toISOString(),
  });
  assert.equal(past.status, 400, 'until in the past');
});
