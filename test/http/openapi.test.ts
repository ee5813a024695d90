import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { getHarness } from '../helpers/app.js';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

let doc: any;

/** Every operation of the document's paths, with its method and path. */
function operations(): { method: string; path: string; op: any }[] {
  return Object.entries(doc.paths as Record<string, any>).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((method) => ({ method, path, op: item[method] })),
  );
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
});
