/**
 * The client's types: right calls compile, wrong ones do not. The `@ts-expect-error` lines are checked by
 * `tsc` in `npm run lint` (an expected error that no longer occurs fails it). The calls also run, against
 * a fetch that records the request, to check what they send.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import createClient from 'openapi-fetch';
import { type CallResult, createAdminClient, createPublicClient, unwrap } from '../../client/index.js';
import type { LoosePaths } from '../../client/types.js';

function recorder() {
  const sent: Request[] = [];
  const fetch = async (request: Request) => {
    sent.push(request);
    return Response.json({ id: 'org_1', object: 'organization' }, { status: 201 });
  };
  return { sent, fetch };
}

test('surfaces: each client takes only its own paths', async () => {
  const { sent, fetch } = recorder();
  const pub = createPublicClient({ baseUrl: 'http://api.test', apiKey: 'svc_org_x', fetch });
  const admin = createAdminClient({ baseUrl: 'http://api.test', apiKey: 'svc_admin_x', fetch });

  await pub.GET('/v1/locations/{location_id}', { params: { path: { location_id: 'loc_1' } } });
  await admin.POST('/admin/v1/organizations', { body: { name: 'Pizzeria Group' } });
  // @ts-expect-error the admin surface is not on the public client
  await pub.POST('/admin/v1/organizations', { body: { name: 'x' } });
  // @ts-expect-error the public surface is not on the admin client
  await admin.GET('/v1/locations');
  // @ts-expect-error the WhatsApp webhook is on neither
  await admin.GET('/channels/whatsapp/{channel_account_id}/webhook');

  assert.equal(sent[0].url, 'http://api.test/v1/locations/loc_1');
  assert.equal(sent[0].headers.get('x-api-key'), 'svc_org_x');
  assert.equal(sent[0].headers.get('idempotency-key'), null, 'a GET carries no key');
  assert.equal(sent[1].headers.get('x-api-key'), 'svc_admin_x');
  assert.match(sent[1].headers.get('idempotency-key') ?? '', /^[0-9a-f-]{36}$/);
  assert.deepEqual(await sent[1].json(), { name: 'Pizzeria Group' });
});

test('parameters and bodies are checked', async () => {
  const { sent, fetch } = recorder();
  const pub = createPublicClient({ baseUrl: 'http://api.test', apiKey: 'svc_org_x', fetch });
  // @ts-expect-error a path parameter is required
  await pub.GET('/v1/locations/{location_id}');
  // @ts-expect-error a misspelt path parameter
  await pub.GET('/v1/locations/{location_id}', { params: { path: { locationId: 'loc_1' } } });
  // @ts-expect-error limit is a number
  await pub.GET('/v1/locations', { params: { query: { limit: '10' } } });
  await pub.GET('/v1/locations/{location_id}/orders', {
    // @ts-expect-error status is one of the order statuses
    params: { path: { location_id: 'loc_1' }, query: { status: 'cooking' } },
  });
  await pub.POST('/v1/locations/{location_id}/special_closings', {
    params: { path: { location_id: 'loc_1' } },
    // @ts-expect-error ends_at is required
    body: { starts_at: '2026-12-24T14:00:00Z' },
  });
  // @ts-expect-error there is no PUT on the locations list
  await pub.PUT('/v1/locations', {});
  assert.equal(sent.length, 6, 'the wrong calls still ran (types are erased), against the recorder');
});

test('unwrap gives the typed data', async () => {
  const { fetch } = recorder();
  const admin = createAdminClient({ baseUrl: 'http://api.test', apiKey: 'svc_admin_x', fetch });
  const org = await unwrap(admin.POST('/admin/v1/organizations', { body: { name: 'Pizzeria Group' } }));
  const id: string = org.id;
  // @ts-expect-error an organization has no such field
  org.no_such_field;
  assert.equal(id, 'org_1');
  const result: CallResult<{ id: string }> = { data: { id: 'x' }, response: new Response('{}') };
  assert.equal((await unwrap(result)).id, 'x');
});

/** A document as the OpenAPI work in progress may make it: Idempotency-Key a required header. */
interface KeyedPaths {
  '/v1/things': {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    post: {
      parameters: { query?: never; header: { 'Idempotency-Key': string }; path?: never; cookie?: never };
      requestBody: { content: { 'application/json': { name: string } } };
      responses: { 201: { headers: Record<string, unknown>; content: { 'application/json': { id: string } } } };
    };
  };
  '/v1/signed': {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    post: {
      parameters: {
        query?: never;
        header: { 'Idempotency-Key': string; 'X-Signature': string };
        path?: never;
        cookie?: never;
      };
      requestBody: { content: { 'application/json': { name: string } } };
      responses: { 201: { headers: Record<string, unknown>; content: { 'application/json': { id: string } } } };
    };
  };
}

test('a required Idempotency-Key header in the document need not be passed', async () => {
  const { sent, fetch } = recorder();
  const strict = createClient<KeyedPaths>({ baseUrl: 'http://api.test', fetch });
  // @ts-expect-error the raw generated types require the header ...
  await strict.POST('/v1/things', { body: { name: 'a' } });
  const loose = createClient<LoosePaths<KeyedPaths>>({ baseUrl: 'http://api.test', fetch });
  await loose.POST('/v1/things', { body: { name: 'a' } }); // ... the client's do not
  await loose.POST('/v1/things', { params: { header: { 'Idempotency-Key': 'mine' } }, body: { name: 'a' } });
  // @ts-expect-error another required header stays required
  await loose.POST('/v1/signed', { body: { name: 'a' } });
  await loose.POST('/v1/signed', { params: { header: { 'X-Signature': 's' } }, body: { name: 'a' } });
  assert.equal(sent[2].headers.get('idempotency-key'), 'mine');
});
