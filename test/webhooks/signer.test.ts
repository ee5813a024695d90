import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { signedHeaders } from '../../src/webhooks/send.js';
import { HmacSigner, signersBySecret } from '../../src/webhooks/signer.js';

const secret = () => `whsec_${randomBytes(24 + Math.floor(Math.random() * 16)).toString('base64')}`;
const bodies = [
  '',
  '{}',
  JSON.stringify({ text: 'Zwei Pizza Margherita, bitte 🍕 — à emporter, ½ portion' }),
  'x'.repeat(70_000),
  JSON.stringify({ emoji: '👩‍👩‍👧‍👦', cjk: '我要两份饺子', rtl: 'مرحبا', nul: '\u0000', lone: 'a\ud800b' }),
];

test('signs the same bytes as the standardwebhooks package, with and without the whsec_ prefix', () => {
  for (let i = 0; i < 200; i++) {
    const s = secret();
    const body = i < bodies.length ? bodies[i] : randomBytes(Math.floor(Math.random() * 2_000)).toString('latin1');
    const id = `evt_${randomBytes(8).toString('hex')}`;
    const at = new Date(1_700_000_000_000 + Math.floor(Math.random() * 1e11));
    const expected = new Webhook(s).sign(id, at, body);
    assert.equal(new HmacSigner(s).sign(id, at, body), expected);
    assert.equal(new HmacSigner(s.slice('whsec_'.length)).sign(id, at, body), expected);
  }
});

test('what it signs verifies with standardwebhooks, under each of two secrets', () => {
  const [a, b] = [secret(), secret()];
  const body = bodies[2];
  const headers = signedHeaders([new HmacSigner(a), new HmacSigner(b)], 'evt_1', body);
  assert.deepEqual(new Webhook(a).verify(body, headers), JSON.parse(body));
  assert.deepEqual(new Webhook(b).verify(body, headers), JSON.parse(body));
  assert.throws(() => new Webhook(secret()).verify(body, headers), /No matching signature/);
});

test('refuses the secrets the package refuses', () => {
  for (const bad of ['', 'whsec_', 'whsec_!!!not base64!!!']) {
    assert.throws(() => new Webhook(bad));
    assert.throws(() => new HmacSigner(bad));
  }
});

test('signersBySecret makes one signer per secret and keeps at most its bound', () => {
  const made = signersBySecret(2);
  const [a, b, c] = [secret(), secret(), secret()];
  const first = made(a);
  assert.equal(made(a), first);
  made(b);
  made(c); // a is dropped
  assert.notEqual(made(a), first);
  assert.equal(made(a).sign('x', new Date(0), 'y'), first.sign('x', new Date(0), 'y'));
});
