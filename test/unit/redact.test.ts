/**
 * redactSecrets: whatever follows a key prefix is secret, whatever its length. Checked by looking for
 * every 8-character piece of the secret part, and its last 8 characters, in the output: a redaction that
 * hides only the first 32 characters (or any fixed number) leaves such a piece behind.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { redactSecrets } from '../../src/lib/redact.js';
import { base62, piecesIn } from '../helpers/secrets.js';

const body = base62;

function assertHidden(out: string, secretPart: string, label: string) {
  const shown = piecesIn(out, secretPart);
  assert.deepEqual(shown, [], `${label}: pieces of the secret in ${JSON.stringify(out.slice(0, 200))}`);
}

const LENGTHS = [1, 8, 31, 32, 33, 40, 64, 128, 129, 200, 257, 1000];

describe('redactSecrets', () => {
  for (const prefix of ['svc_org_', 'svc_admin_']) {
    for (const n of LENGTHS) {
      test(`${prefix} + ${n} characters: nothing of the secret part is left`, () => {
        const part = body(n);
        const key = prefix + part;
        const contexts = [
          key,
          `No route for GET /v1/${key}.`,
          `This API key cannot access location '${key}'.`,
          `/v1/locations/${key}?starting_after=${key}&x=1`,
          `{"error":{"param":"${key}","message":"Unknown parameter: ${key}."}}`,
          `${key}${key}`,
          `(${key})`,
          `${key}-suffix_and/more`,
        ];
        for (const text of contexts) {
          const out = redactSecrets(text);
          if (n >= 8) assertHidden(out, part, `${prefix}${n} in ${text.slice(0, 30)}`);
          assert.ok(!out.includes(key), 'the whole key');
          assert.ok(out.includes(`${prefix}[redacted]`), `the prefix stays visible: ${out.slice(0, 100)}`);
        }
      });
    }
  }

  test('the text around a key is kept as it was', () => {
    const key = `svc_org_${body(40)}`;
    assert.equal(redactSecrets(`cannot access location '${key}'.`), "cannot access location 'svc_org_[redacted]'.");
    assert.equal(redactSecrets(`a ${key} b ${key} c`), 'a svc_org_[redacted] b svc_org_[redacted] c');
    assert.equal(redactSecrets(`/v1/${key}?q=1`), '/v1/svc_org_[redacted]?q=1');
    assert.equal(redactSecrets(`"${key}"`), '"svc_org_[redacted]"');
  });

  test('text without keys is unchanged; a bare prefix reveals nothing and is kept', () => {
    for (const text of ['', 'plain text', 'org_01ABC loc_01DEF req_01XYZ', 'svc_org_', 'the svc_admin_ prefix']) {
      assert.equal(redactSecrets(text), text);
    }
  });

  test('other svc_ words are hidden too (a mistyped prefix still carries a secret)', () => {
    for (const prefix of ['svc_', 'svc_orgx', 'svc_organization_', 'svc_adm_', 'svc_org__', 'svc_admin__']) {
      const part = body(40);
      const out = redactSecrets(`key ${prefix}${part} here`);
      assertHidden(out, part, prefix);
      assert.match(out, /^key svc_\S*\[redacted\] here$/);
    }
  });

  test('two keys run together: the second is hidden too', () => {
    const [a, b] = [body(40), body(40)];
    const out = redactSecrets(`/v1/svc_org_${a}svc_admin_${b}/x`);
    assert.deepEqual([...piecesIn(out, a), ...piecesIn(out, b)], []);
    assert.equal(out, '/v1/svc_org_[redacted]/x');
  });

  test('percent-encoded underscores (a raw URL) and other letter cases are keys too', () => {
    for (const prefix of ['svc%5Forg%5F', 'svc%5forg%5f', 'svc_org%5F', 'svc%5Fadmin%5F', 'SVC_ORG_', 'Svc_Admin_']) {
      const part = body(40);
      const out = redactSecrets(`No route for GET /v1/${prefix}${part}.`);
      assertHidden(out, part, prefix);
      assert.equal(out, `No route for GET /v1/${prefix}[redacted].`);
    }
    const part = body(40);
    assertHidden(redactSecrets(`/v1/svc_org_${part.slice(0, 20)}%5F${part.slice(20)}`), part, 'an encoded _ inside');
  });

  test('is idempotent', () => {
    const text = `x svc_org_${body(40)} y svc_admin_${body(64)} z`;
    assert.equal(redactSecrets(redactSecrets(text)), redactSecrets(text));
  });
});

// From the fuzz test's findings.
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
