/**
 * Staff users and console sessions (docs/console.md) through the real routes: users on the admin surface,
 * login (JSON and form), cookies, CSRF, lockout, per-address login limit, logout everywhere, disabling;
 * sessions refused on both API surfaces and API keys refused on the console.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { buildApp } from '../../src/app.js';
import { memoryStore } from '../../src/http/rate-limit-store.js';
import { getHarness, type Harness, harnessOf } from '../helpers/app.js';
import { testDb } from '../helpers/db.js';
import { newTenant, type Tenant } from '../helpers/fixtures.js';
import { anyIp } from './_support.js';

let h: Harness;
let t: Tenant;
let n = 0;
const PASSWORD = 'a long enough password';
const email = () => `staff-${process.pid}-${Date.now()}-${++n}@trattoria.example`;

before(async () => {
  h = await getHarness();
  t = await newTenant(h);
});

async function newUser(extra: Record<string, unknown> = {}) {
  const res = await h.call('POST', '/admin/v1/users', {
    body: {
      email: email(),
      name: 'Giulia',
      role: 'staff',
      password: PASSWORD,
      location_id: t.locationIds[0],
      ...extra,
    },
  });
  assert.equal(res.status, 201, res.raw);
  return res.body;
}

/** A console call with the cookie `session` (if any) and whatever else is given. */
function consoleCall(
  method: 'GET' | 'POST',
  url: string,
  o: { session?: string; body?: unknown; headers?: Record<string, string>; ip?: string } = {},
) {
  return h.app.inject({
    method,
    url,
    headers: { ...(o.session ? { cookie: `svc_session=${o.session}` } : {}), ...(o.headers ?? {}) },
    remoteAddress: o.ip ?? anyIp(),
    ...(o.body !== undefined ? { payload: o.body as object } : {}),
  });
}

async function logIn(address: string, password = PASSWORD, ip?: string) {
  const res = await consoleCall('POST', '/console/login', { body: { email: address, password }, ip });
  const set = String(res.headers['set-cookie'] ?? '');
  const token = /svc_session=([^;]+)/.exec(set)?.[1];
  return { res, body: res.json(), token, set };
}

describe('staff users on the admin surface', () => {
  test('created without the password in the answer; listed, read, updated; an email is one login', async () => {
    const address = email();
    const body = {
      email: address.toUpperCase(),
      name: 'Marco',
      role: 'owner',
      password: PASSWORD,
      organization_id: t.orgId,
    };
    const res = await h.call('POST', '/admin/v1/users', { body, idempotencyKey: `usr-${address}` });
    assert.equal(res.status, 201, res.raw);
    assert.match(res.body.id, /^usr_/);
    assert.equal(res.body.email, address, 'kept in lower case');
    assert.equal(res.body.role, 'owner');
    assert.equal(res.body.disabled, false);
    assert.ok(!/password|hash|scrypt/.test(res.raw), res.raw);
    const replay = await h.call('POST', '/admin/v1/users', { body, idempotencyKey: `usr-${address}` });
    assert.equal(replay.headers['idempotent-replayed'], 'true');
    assert.equal(replay.body.id, res.body.id);

    const again = await h.call('POST', '/admin/v1/users', { body: { ...body, email: address } });
    assert.equal(again.status, 409, again.raw);
    assert.equal(again.body.error.code, 'resource_conflict');

    const list = await h.call('GET', `/admin/v1/users?organization_id=${t.orgId}`);
    assert.equal(list.status, 200);
    assert.ok(list.body.data.some((u: { id: string }) => u.id === res.body.id));
    assert.equal((await h.call('GET', `/admin/v1/users/${res.body.id}`)).body.name, 'Marco');
    const patched = await h.call('PATCH', `/admin/v1/users/${res.body.id}`, { body: { role: 'manager' } });
    assert.equal(patched.body.role, 'manager');
    assert.equal((await h.call('GET', '/admin/v1/users/usr_nope')).status, 404);
  });

  test('bad input: the envelope with the parameter', async () => {
    const base = { email: email(), name: 'X', role: 'staff', password: PASSWORD };
    const cases: [Record<string, unknown>, number, string, string | undefined][] = [
      [base, 400, 'parameter_missing', 'organization_id'],
      [{ ...base, organization_id: t.orgId, location_id: t.locationIds[0] }, 400, 'parameters_exclusive', undefined],
      [{ ...base, organization_id: 'org_nope' }, 400, 'parameter_invalid', 'organization_id'],
      [{ ...base, location_id: t.locationIds[0], password: 'short' }, 400, 'parameter_invalid', 'password'],
      [{ ...base, location_id: t.locationIds[0], email: 'not-an-email' }, 400, 'parameter_invalid', 'email'],
      [{ ...base, location_id: t.locationIds[0], role: 'chef' }, 400, 'parameter_invalid', 'role'],
    ];
    for (const [body, status, code, param] of cases) {
      const res = await h.call('POST', '/admin/v1/users', { body });
      assert.equal(res.status, status, res.raw);
      assert.equal(res.body.error.code, code, res.raw);
      if (param) assert.equal(res.body.error.param, param, res.raw);
    }
    const org = await h.call('POST', '/v1/users', { key: t.orgKey, body: base });
    assert.equal(org.status, 404, 'no staff users on the public surface');
  });
});

describe('console sessions', () => {
  test('login sets an HttpOnly SameSite cookie; the session shows the user and its CSRF token', async () => {
    const user = await newUser();
    const { res, body, token, set } = await logIn(user.email.toUpperCase());
    assert.equal(res.statusCode, 200, res.body);
    assert.ok(token);
    assert.match(set, /HttpOnly/);
    assert.match(set, /SameSite=Lax/);
    assert.match(set, /Path=\//);
    assert.doesNotMatch(set, /Secure/, 'plain http on localhost');
    assert.equal(body.user.id, user.id);
    const session = await consoleCall('GET', '/console/session', { session: token });
    assert.equal(session.statusCode, 200);
    assert.equal(session.json().csrf_token, body.csrf_token);
    assert.equal(session.json().user.last_login_at !== null, true);

    const remote = await consoleCall('POST', '/console/login', {
      body: { email: user.email, password: PASSWORD },
      headers: { host: 'console.trattoria.example' },
    });
    assert.match(String(remote.headers['set-cookie']), /Secure/, 'Secure outside localhost');
  });

  test('a form post logs in too', async () => {
    const user = await newUser();
    const res = await h.app.inject({
      method: 'POST',
      url: '/console/login',
      remoteAddress: anyIp(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email: user.email, password: PASSWORD }).toString(),
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.match(String(res.headers['set-cookie']), /svc_session=/);
  });

  test('a wrong password and an unknown email get the same answer', async () => {
    const user = await newUser();
    const wrong = await logIn(user.email, 'not the password at all');
    const unknown = await logIn(email());
    for (const r of [wrong, unknown]) {
      assert.equal(r.res.statusCode, 401);
      assert.equal(r.body.error.type, 'authentication_error');
      assert.equal(r.body.error.code, 'login_failed');
      assert.equal(r.token, undefined);
    }
    assert.equal(wrong.body.error.message, unknown.body.error.message);
  });

  test('five failures in a row lock the user; re-enabling lifts the lock', async () => {
    const user = await newUser();
    for (let i = 0; i < 5; i++) assert.equal((await logIn(user.email, 'wrong password!!')).res.statusCode, 401);
    assert.equal((await logIn(user.email)).res.statusCode, 401, 'locked: the right password is refused too');
    await h.call('PATCH', `/admin/v1/users/${user.id}`, { body: { disabled: false } });
    assert.equal((await logIn(user.email)).res.statusCode, 200);
  });

  test('no session, or an API key instead: 401 session_missing', async () => {
    const none = await consoleCall('GET', '/console/session');
    assert.equal(none.statusCode, 401);
    assert.equal(none.json().error.code, 'session_missing');
    const key = await consoleCall('GET', '/console/session', { headers: { 'x-api-key': h.adminKey } });
    assert.equal(key.statusCode, 401);
    assert.equal(key.json().error.code, 'session_missing');
    const unchecked = await consoleCall('POST', '/console/api/orders/ord_x/status', { body: {} });
    assert.equal(unchecked.json().error.code, 'session_missing', 'the session is checked before the body');
    const forged = await consoleCall('GET', '/console/session', { session: 'x'.repeat(43) });
    assert.equal(forged.statusCode, 401);
  });

  test('a session on /v1 or /admin/v1 is 403 session_not_allowed, with or without a key', async () => {
    const user = await newUser();
    const { token } = await logIn(user.email);
    const cookie = `svc_session=${token}`;
    for (const [url, key] of [
      [`/v1/organizations/${t.orgId}`, t.orgKey],
      ['/admin/v1/users', h.adminKey],
      ['/admin/v1/users', null],
    ] as const) {
      const res = await h.call('GET', url, { key, headers: { cookie } });
      assert.equal(res.status, 403, `${url}: ${res.raw}`);
      assert.equal(res.body.error.code, 'session_not_allowed');
    }
  });

  test('a change needs the CSRF token and the same origin; logout ends the session', async () => {
    const user = await newUser();
    const { token, body } = await logIn(user.email);
    const bare = await consoleCall('POST', '/console/logout', { session: token });
    assert.equal(bare.statusCode, 403);
    assert.equal(bare.json().error.code, 'csrf_token_invalid');
    const elsewhere = await consoleCall('POST', '/console/logout', {
      session: token,
      headers: { 'x-csrf-token': body.csrf_token, origin: 'https://evil.example' },
    });
    assert.equal(elsewhere.statusCode, 403);
    const out = await consoleCall('POST', '/console/logout', {
      session: token,
      headers: { 'x-csrf-token': body.csrf_token, origin: 'http://localhost:80' },
    });
    assert.equal(out.statusCode, 204, out.body);
    assert.match(String(out.headers['set-cookie']), /svc_session=;/);
    assert.equal((await consoleCall('GET', '/console/session', { session: token })).statusCode, 401);
  });

  test('logout everywhere, a new password and disabling end every session of the user', async () => {
    const user = await newUser();
    const a = await logIn(user.email);
    const b = await logIn(user.email);
    const all = await consoleCall('POST', '/console/logout_everywhere', {
      session: a.token,
      headers: { 'x-csrf-token': a.body.csrf_token },
    });
    assert.equal(all.json().sessions_ended, 2);
    assert.equal((await consoleCall('GET', '/console/session', { session: b.token })).statusCode, 401);

    const c = await logIn(user.email);
    await h.call('PATCH', `/admin/v1/users/${user.id}`, { body: { password: 'another long password' } });
    assert.equal((await consoleCall('GET', '/console/session', { session: c.token })).statusCode, 401);
    const d = await logIn(user.email, 'another long password');
    assert.equal(d.res.statusCode, 200);
    await h.call('PATCH', `/admin/v1/users/${user.id}`, { body: { disabled: true } });
    assert.equal((await consoleCall('GET', '/console/session', { session: d.token })).statusCode, 401);
    assert.equal((await logIn(user.email, 'another long password')).res.statusCode, 401, 'disabled');
  });

  test('login attempts are limited per client address', async () => {
    const db = await testDb();
    const store = memoryStore();
    const app = await buildApp({ db, store, console: { loginsPerMinute: 2 } });
    try {
      const own = harnessOf(app, h.adminKey);
      const attempt = () =>
        own.app.inject({ method: 'POST', url: '/console/login', payload: { email: email(), password: 'whatever123' } });
      assert.equal((await attempt()).statusCode, 401);
      assert.equal((await attempt()).statusCode, 401);
      const limited = await attempt();
      assert.equal(limited.statusCode, 429);
      assert.equal(limited.json().error.code, 'rate_limit_exceeded');
      assert.ok(Number(limited.headers['retry-after']) >= 1);
    } finally {
      await app.close();
      await store.close();
    }
  });
});
