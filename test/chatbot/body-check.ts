/**
 * Fixture bodies checked against the real body schema (src/contracts/message-webhook/body.ts), made
 * strict: an object may hold only the fields the schema names, so a field the fixtures invent (or one the
 * server renames) fails the test that uses it instead of letting fixture and reality drift apart.
 */
import { Ajv } from 'ajv';
import formatsPlugin from 'ajv-formats';
import { MessageWebhookBody } from '../../src/contracts/message-webhook/body.js';

/** A copy of the schema where every object with declared properties refuses others. */
function closed(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(closed);
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) out[k] = closed(v);
  if (out.type === 'object' && out.properties && out.additionalProperties === undefined)
    out.additionalProperties = false;
  return out;
}

const ajv = new Ajv({ allErrors: true, discriminator: true, strict: false });
const addFormats = (formatsPlugin as unknown as { default: typeof formatsPlugin }).default ?? formatsPlugin;
(addFormats as unknown as (a: Ajv) => void)(ajv);
const validate = ajv.compile(closed(JSON.parse(JSON.stringify(MessageWebhookBody))) as object);

/** Throws, naming the first violations, when the body is not one the server could send. */
export function assertRealBody(body: unknown): void {
  if (validate(JSON.parse(JSON.stringify(body)))) return;
  const errors = (validate.errors ?? [])
    .slice(0, 8)
    .map((e) => `${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`);
  throw new Error(`fixture body is not a MessageWebhookBody:\n${errors.join('\n')}`);
}
