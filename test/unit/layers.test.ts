/**
 * The import rules of `npm run lint` (.dependency-cruiser.cjs) refuse what they are meant to: a domain
 * module importing a transport or a contract (the wire schemas), a contract importing a transport, and an
 * import circle. Checked on a small tree of fixtures laid out like the server's (test/fixtures/layers/src/…),
 * so the real tree never has to break for the test.
 */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { cruise } from 'dependency-cruiser';

const config = createRequire(import.meta.url)('../../.dependency-cruiser.cjs');
const baseDir = fileURLToPath(new URL('../fixtures/layers/', import.meta.url));

test('upward imports and an import circle are violations of the layer rules', async () => {
  const result = await cruise(['src'], { ruleSet: config, validate: true, baseDir, tsPreCompilationDeps: true });
  const output = result.output as { summary: { violations: { rule: { name: string }; from: string; to: string }[] } };
  const found = output.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
  assert.deepEqual(found, [
    'contracts-below-transports: src/contracts/upward.ts → src/http/route.ts',
    'domain-below-contracts: src/domain/wire.ts → src/contracts/schema.ts',
    'domain-below-transports: src/domain/upward.ts → src/http/route.ts',
    // A circle is reported once, at the import that closes it.
    'no-circular: src/lib/ping.ts → src/lib/pong.ts',
  ]);
});
