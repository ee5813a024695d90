import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import formatsPlugin from 'ajv-formats';
import { EXAMPLES } from '../../src/http/openapi-examples.js';
import { getHarness } from '../helpers/app.js';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

let doc: any;

/** Every operation of the document's paths, with its method and path. */
function operations(): { method: string; path: string; op: any }[] {
  return Object.entries(doc.paths as Record<string, any>).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((method) => ({ method, path, op: item[method] })),
  );
}

/** The object a `$ref` into this document points at, or the value itself. */
function deref(value: any): any {
  if (typeof value?.$ref !== 'string') return value;
  return value.$ref
    .slice(2)
    .split('/')
    .reduce((node: any, part: string) => node[part.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
}

before(async () => {
  const h = await getHarness();
  doc = h.app.swagger();
});

describe('the OpenAPI document', () => {
  test('every operation has a readable operationId, unique across the document', () => {
    const seen = new Map<string, string>();
    for (const { method, path, op } of operations()) {
      const where = `${method.toUpperCase()} ${path}`;
      assert.match(op.operationId ?? '', /^[a-z][A-Za-z]+$/, `${where}: operationId ${op.operationId}`);
      assert.ok(!seen.has(op.operationId), `${where} and ${seen.get(op.operationId)} share ${op.operationId}`);
      seen.set(op.operationId, where);
    }
    assert.ok(seen.size > 80, `only ${seen.size} operations`);
  });

  test('a route on both surfaces is named after its surface', () => {
    assert.equal(doc.paths['/v1/locations/{location_id}/menu'].get.operationId, 'getMenu');
    assert.equal(doc.paths['/admin/v1/locations/{location_id}/menu'].get.operationId, 'adminGetMenu');
    assert.equal(doc.paths['/v1/customers'].get.operationId, 'listCustomers');
    assert.equal(doc.paths['/admin/v1/customers'].get.operationId, 'adminListCustomers');
  });

  test('every response declares X-Request-Id and the rate-limit headers; 429 and 503 add Retry-After', () => {
    for (const { method, path, op } of operations()) {
      for (const [status, response] of Object.entries<any>(op.responses)) {
        const headers = deref(response).headers ?? {};
        for (const name of ['X-Request-Id', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']) {
          assert.ok(headers[name], `${method} ${path} ${status}: no ${name}`);
          assert.ok(deref(headers[name]).description, `${name} undescribed`);
        }
        if (status === '429' || status === '503') assert.ok(headers['Retry-After'], `${method} ${path} ${status}`);
      }
      assert.ok(op.responses['429'] && op.responses['503'], `${method} ${path}: no 429 or 503`);
    }
  });

  test('Idempotency-Key is a required header exactly on the resource-creating POSTs, which may be replayed', () => {
    for (const { method, path, op } of operations()) {
      const params = (op.parameters ?? []).map(deref);
      const key = params.find((p: any) => p.in === 'header' && p.name === 'Idempotency-Key');
      const creates = Object.keys(op.responses).includes('201');
      assert.equal(Boolean(key), creates, `${method} ${path}: Idempotency-Key ${key ? 'declared' : 'missing'}`);
      if (!key) continue;
      assert.equal(key.required, true);
      assert.ok(key.description);
      assert.ok(deref(op.responses['201']).headers['Idempotent-Replayed'], `${method} ${path}`);
    }
  });

  test('every operation is summarized, its parameters described, with an example of its body and success', () => {
    for (const { method, path, op } of operations()) {
      const where = `${method.toUpperCase()} ${path}`;
      assert.ok(op.summary || op.description, `${where}: no summary`);
      for (const p of (op.parameters ?? []).map(deref)) {
        assert.ok(p.description, `${where}: parameter ${p.in} ${p.name} undescribed`);
      }
      const body = deref(op.requestBody)?.content?.['application/json']?.schema;
      if (body) assert.ok(deref(body).examples?.length, `${where}: no request body example`);
      const successes = Object.entries<any>(op.responses).filter(([status]) => status.startsWith('2'));
      assert.ok(successes.length > 0, `${where}: no success response`);
      for (const [status, response] of successes) {
        for (const [type, media] of Object.entries<any>(deref(response).content ?? {})) {
          const schema = deref(media.schema);
          assert.ok(schema.examples?.length || media.example, `${where} ${status} ${type}: no example`);
        }
      }
    }
  });

  test('every example validates against its schema (JSON Schema 2020-12, as OpenAPI 3.1)', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    const addFormats = (formatsPlugin as unknown as { default: typeof formatsPlugin }).default ?? formatsPlugin;
    (addFormats as unknown as (a: Ajv2020) => void)(ajv);
    ajv.addSchema({ $id: 'doc', components: doc.components });
    let checked = 0;
    for (const [name, schema] of Object.entries<any>(doc.components.schemas)) {
      for (const example of schema.examples ?? []) {
        const validate = ajv.getSchema(`doc#/components/schemas/${name}`);
        assert.ok(validate, name);
        assert.ok(validate(example), `${name}: ${JSON.stringify(validate.errors?.slice(0, 3))}`);
        checked++;
      }
    }
    for (const [name, body] of Object.entries<any>(doc.components.requestBodies)) {
      const validate = ajv.getSchema(`doc#/components/requestBodies/${name}/content/application~1json/schema`);
      assert.ok(validate, name);
      for (const example of body.content['application/json'].schema.examples ?? []) {
        assert.ok(validate(example), `request body ${name}: ${JSON.stringify(validate.errors?.slice(0, 3))}`);
        checked++;
      }
    }
    assert.ok(checked >= 60, `only ${checked} examples`);
    // Every example written is in the document (a renamed schema would leave its example behind).
    for (const name of Object.keys(EXAMPLES)) {
      assert.ok(doc.components.schemas[name]?.examples || doc.components.requestBodies[name], `${name} unused`);
    }
    // The polygon's tuple in its 2020-12 form accepts what the draft-07 route schema does, no more.
    const settingsBody = doc.components.requestBodies.DeliverySettingsUpdate.content['application/json'].schema;
    const settings = ajv.getSchema(
      'doc#/components/requestBodies/DeliverySettingsUpdate/content/application~1json/schema',
    );
    assert.ok(settings);
    const zone = settingsBody.examples[0].zones.find((z: any) => z.area.type === 'polygon');
    const polygon = (coordinates: unknown) => ({ zones: [{ ...zone, area: { type: 'polygon', coordinates } }] });
    const square = [
      [52.4, 13.2],
      [52.4, 13.6],
      [52.7, 13.6],
    ];
    assert.equal(settings(polygon(square)), true, JSON.stringify(settings.errors));
    assert.equal(settings(polygon([...square.slice(1), [52.4, 13.2, 0]])), false);
    assert.equal(settings(polygon([...square.slice(1), [91, 13.2]])), false);
  });
});
