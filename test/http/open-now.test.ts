/**
 * `open_now` on GET/PUT /v1/locations/{id}/opening_hours, against real periods and special closings.
 *
 * The server answers for the present instant and has no clock to set, so the tests write periods
 * relative to the present local time of the location. To know that time without the code under test,
 * locations use zones with a fixed offset (no daylight saving): Asia/Kolkata (UTC+5:30) and the
 * Etc/GMT±N zones (note the inverted sign: Etc/GMT-3 is UTC+3). The local time is then the UTC time
 * plus the offset, computed with UTC getters.
 *
 * The midnight case picks, at run time, the whole-hour offset whose local time is 00:xx right now (for
 * UTC hour h: UTC−h when h ≤ 12, else UTC+(24−h); Etc/GMT covers UTC−12…UTC+14, so one always exists),
 * so every run asks the server about a time between 00:00 and 00:59 local.
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { getHarness, type Harness } from '../helpers/app.js';
import { newTenant, type Tenant } from '../helpers/fixtures.js';
import { newLocation, sleep } from './_support.js';

const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
const WEEK = 7 * 1440;
const HOUR = 3_600_000;

let h: Harness;
let t: Tenant;

before(async () => {
  h = await getHarness();
  t = await newTenant(h);
});

/** The local minute of the week (Monday 00:00 = 0) now, in a zone `offset` minutes east of UTC. */
function localMinuteNow(offset: number): number {
  const d = new Date(Date.now() + offset * 60_000);
  return ((d.getUTCDay() + 6) % 7) * 1440 + d.getUTCHours() * 60 + d.getUTCMinutes();
}

const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** A period from `from` to `to` minutes of the week (wrapping), shorter than a day. */
function period(from: number, to: number) {
  const start = ((from % WEEK) + WEEK) % WEEK;
  const end = ((to % WEEK) + WEEK) % WEEK;
  return { day: DAYS[Math.floor(start / 1440)], opens: hhmm(start % 1440), closes: hhmm(end % 1440) };
}

async function locationIn(timezone: string): Promise<string> {
  const loc = await newLocation(h, t.orgId, { timezone });
  return loc.id;
}

const hoursUrl = (loc: string) => `/v1/locations/${loc}/opening_hours`;

/** PUTs the periods; returns open_now of the PUT's answer and of a GET right after, which must agree. */
async function openNow(loc: string, periods: object[]): Promise<boolean> {
  const put = await h.call('PUT', hoursUrl(loc), { key: t.orgKey, body: { periods } });
  assert.equal(put.status, 200, put.raw);
  const got = await h.call('GET', hoursUrl(loc), { key: t.orgKey });
  assert.equal(got.status, 200, got.raw);
  assert.deepEqual(got.body.periods, periods);
  assert.equal(got.body.open_now, put.body.open_now, 'PUT and GET disagree');
  assert.equal(typeof got.body.open_now, 'boolean');
  return got.body.open_now;
}

test('open_now follows the periods at the present instant (Asia/Kolkata, UTC+5:30)', async () => {
  const loc = await locationIn('Asia/Kolkata');
  const m = localMinuteNow(330);
  assert.equal(await openNow(loc, [period(m - 60, m + 60)]), true, 'a period around now');
  assert.equal(await openNow(loc, [period(m + 120, m + 180)]), false, 'a period later today');
  assert.equal(await openNow(loc, [period(m - 180, m - 120)]), false, 'a period that ended');
  assert.equal(await openNow(loc, [period(m - 180, m - 120), period(m - 30, m + 30)]), true, 'the second of two');
  // The same weekday and times one day later are another period: closed now.
  assert.equal(await openNow(loc, [period(m + 1440 - 60, m + 1440 + 60)]), false, 'tomorrow at this time');
  assert.equal(await openNow(loc, []), false, 'no periods');
  const hours = await h.call('GET', hoursUrl(loc), { key: t.orgKey });
  assert.equal(hours.body.current_special_closing_id, null);
});

test('the same periods are open in one zone and closed in another', async () => {
  const east = await locationIn('Etc/GMT-10'); // UTC+10
  const west = await locationIn('Etc/GMT+10'); // UTC-10: 20 hours behind
  const periods = [period(localMinuteNow(600) - 60, localMinuteNow(600) + 60)];
  assert.equal(await openNow(east, periods), true);
  assert.equal(await openNow(west, periods), false);
});

test('open_now at a local time between 00:00 and 00:59, in the zone where it is that time now', async () => {
  // Near the end of a UTC hour the zone would change under the test: wait for the next hour.
  const now = new Date();
  if (now.getUTCMinutes() === 59 && now.getUTCSeconds() >= 45) await sleep((61 - now.getUTCSeconds()) * 1000);
  const utcHour = new Date().getUTCHours();
  const offsetHours = utcHour <= 12 ? -utcHour : 24 - utcHour;
  const zone = offsetHours === 0 ? 'UTC' : `Etc/GMT${offsetHours > 0 ? '-' : '+'}${Math.abs(offsetHours)}`;
  const m = localMinuteNow(offsetHours * 60);
  assert.ok(m % 1440 < 60, `local time in ${zone} is ${hhmm(m % 1440)}, not 00:xx`);
  const midnight = m - (m % 1440); // today 00:00 local, as a minute of the week
  const today = DAYS[Math.floor(midnight / 1440)];
  const yesterday = DAYS[(Math.floor(midnight / 1440) + 6) % 7];
  const loc = await locationIn(zone);

  const label = `${today} ${hhmm(m % 1440)} in ${zone}`;
  assert.equal(await openNow(loc, [{ day: yesterday, opens: '22:00', closes: '02:00' }]), true, `${label}: last night`);
  assert.equal(await openNow(loc, [{ day: today, opens: '00:00', closes: '02:00' }]), true, `${label}: from midnight`);
  assert.equal(await openNow(loc, [{ day: yesterday, opens: '22:00', closes: '24:00' }]), false, `${label}: to 24:00`);
  assert.equal(await openNow(loc, [{ day: yesterday, opens: '18:00', closes: '00:00' }]), false, `${label}: to 00:00`);
  assert.equal(await openNow(loc, [{ day: today, opens: '02:00', closes: '23:00' }]), false, `${label}: later`);
  const tomorrow = DAYS[(Math.floor(midnight / 1440) + 1) % 7];
  assert.equal(await openNow(loc, [{ day: tomorrow, opens: '00:00', closes: '02:00' }]), false, `${label}: tomorrow`);
});

test('an active special closing makes open_now false whatever the periods say', async () => {
  const loc = await locationIn('Asia/Kolkata');
  const m = localMinuteNow(330);
  const closings = `/v1/locations/${loc}/special_closings`;
  assert.equal(await openNow(loc, [period(m - 180, m + 180)]), true);
  const iso = (ms: number) => new Date(Date.now() + ms).toISOString();
  const read = async () => {
    const res = await h.call('GET', hoursUrl(loc), { key: t.orgKey });
    assert.equal(res.status, 200, res.raw);
    return res.body;
  };

  // Closings that do not cover now change nothing.
  for (const [from, to] of [
    [-2 * HOUR, -HOUR],
    [HOUR, 2 * HOUR],
  ]) {
    const c = await h.call('POST', closings, {
      key: t.orgKey,
      body: { starts_at: iso(from), ends_at: iso(to), reason: 'Not now' },
    });
    assert.equal(c.status, 201, c.raw);
  }
  assert.deepEqual([(await read()).open_now, (await read()).current_special_closing_id], [true, null]);

  const active = await h.call('POST', closings, {
    key: t.orgKey,
    body: { starts_at: iso(-HOUR), ends_at: iso(HOUR), reason: 'Burst pipe' },
  });
  assert.equal(active.status, 201, active.raw);
  const closed = await read();
  assert.equal(closed.open_now, false, 'the periods say open, the closing says closed');
  assert.equal(closed.current_special_closing_id, active.body.id);
  // A PUT of the hours answers the same.
  const put = await h.call('PUT', hoursUrl(loc), { key: t.orgKey, body: { periods: [period(m - 120, m + 120)] } });
  assert.equal(put.body.open_now, false);
  assert.equal(put.body.current_special_closing_id, active.body.id);

  // Moved to the past, then deleted: open again.
  const moved = await h.call('PATCH', `${closings}/${active.body.id}`, {
    key: t.orgKey,
    body: { starts_at: iso(-3 * HOUR), ends_at: iso(-2 * HOUR) },
  });
  assert.equal(moved.status, 200, moved.raw);
  assert.deepEqual([(await read()).open_now, (await read()).current_special_closing_id], [true, null]);
  await h.call('PATCH', `${closings}/${active.body.id}`, {
    key: t.orgKey,
    body: { starts_at: iso(-HOUR), ends_at: iso(HOUR) },
  });
  assert.equal((await read()).open_now, false);
  const deleted = await h.call('DELETE', `${closings}/${active.body.id}`, { key: t.orgKey });
  assert.equal(deleted.status, 200, deleted.raw);
  assert.deepEqual([(await read()).open_now, (await read()).current_special_closing_id], [true, null]);

  // A closing while the periods say closed: still closed, and the closing is named.
  await openNow(loc, [period(m + 120, m + 180)]);
  const idle = await h.call('POST', closings, {
    key: t.orgKey,
    body: { starts_at: iso(-HOUR), ends_at: iso(HOUR), reason: 'Holiday' },
  });
  const body = await read();
  assert.equal(body.open_now, false);
  assert.equal(body.current_special_closing_id, idle.body.id);
  // A closing of another location does not close this one.
  const other = await locationIn('Asia/Kolkata');
  await openNow(other, [period(m - 60, m + 60)]);
  const otherHours = await h.call('GET', hoursUrl(other), { key: t.orgKey });
  assert.equal(otherHours.body.open_now, true);
  assert.equal(otherHours.body.current_special_closing_id, null);
});
