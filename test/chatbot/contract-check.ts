/** Checks chatbot answers against the contract's schema, with ajv as the server validates bodies. */
import { Ajv } from 'ajv';
import formatsPlugin from 'ajv-formats';
import { MessageWebhookAnswer } from '../../src/contracts/message-webhook/answer.js';

const ajv = new Ajv({ discriminator: true, strict: false, allErrors: true, useDefaults: false });
const addFormats = (formatsPlugin as unknown as { default: typeof formatsPlugin }).default ?? formatsPlugin;
(addFormats as unknown as (a: Ajv) => void)(ajv);
const validate = ajv.compile(structuredClone(MessageWebhookAnswer) as object);

/** The schema errors of an answer (empty when it keeps the contract). */
export function contractErrors(answer: unknown): string[] {
  if (validate(answer)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}
