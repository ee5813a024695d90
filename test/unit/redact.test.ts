import assert from 'node:assert/strict';
import { test } from 'node:test';
import { redactSecrets } from '../../src/lib/redact.js';

const BODY = 'vLMXiZ4S8oZSnhWcL9zEuCXiu0udYiz9zZKxesWs';

test('a key body is redacted after its prefix, the prefix kept', () => {
  assert.equal(redactSecrets(`No such location: 'svc_org_${BODY}'.`), "No such location: 'svc_org_[redacted]'.");
  assert.equal(redactSecrets(`svc_admin_${BODY.slice(0, 10)}`), 'svc_admin_[redacted]');
});

test('a re-cased key is redacted too (found by the fuzz test: an upper-cased path echoed the key)', () => {
  for (const text of [`/V1/LOCATIONS/SVC_ORG_${BODY.toUpperCase()}/X`, `Svc_Admin_${BODY}`, `SVC_${BODY}`]) {
    const out = redactSecrets(text);
    assert.ok(!out.includes(BODY.slice(0, 8)) && !out.includes(BODY.toUpperCase().slice(0, 8)), out);
  }
});

test('text without a key is unchanged', () => {
  for (const text of ['No route for GET /v1/nowhere.', 'service_org_1', 'SVC ORG'])
    assert.equal(redactSecrets(text), text);
});
