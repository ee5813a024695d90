/**
 * A client address of its own for each console login: logins are limited per address, counted in Redis
 * across every test process of a run (the limit itself is tested on an app of its own).
 */
import assert from 'node:assert/strict';
import { digits } from '../conversations/_support.js';
import type { Harness } from '../helpers/app.js';

export const anyIp = () => `10.${digits(2)}.${digits(2)}.${digits(2)}`.replace(/\.0(\d)/g, '.$1');

export const PASSWORD = 'a long enough password';
export const newEmail = (what: string) => `${what}-${process.pid}-${Date.now()}-${digits(4)}@trattoria.example`;

/** A user made on the admin surface, logged in: calls with its cookie and CSRF token. */
export async function consoleUser(h: Harness, body: { role: string; location_id?: string; organization_id?: string }) {
  const email = newEmail(body.role);
  const created = await h.call('POST', '/admin/v1/users', {
    body: { email, name: 'Ada', password: PASSWORD, ...body },
  });
  assert.equal(created.status, 201, created.raw);
  const login = await h.app.inject({
    method: 'POST',
    url: '/console/login',
    payload: { email, password: PASSWORD },
    remoteAddress: anyIp(),
  });
  assert.equal(login.statusCode, 200, login.body);
  const token = /svc_session=([^;]+)/.exec(String(login.headers['set-cookie']))?.[1];
  const csrf = login.json().csrf_token as string;
  const call = async (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => {
    const res = await h.app.inject({
      method,
      url,
      headers: { cookie: `svc_session=${token}`, 'x-csrf-token': csrf },
      ...(payload ? { payload } : {}),
    });
    return { status: res.statusCode, body: res.body ? res.json() : undefined, raw: res.body };
  };
  return { id: created.body.id as string, email, session: login.json(), cookie: `svc_session=${token}`, call };
}
