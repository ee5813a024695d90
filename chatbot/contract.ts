/**
 * The message webhook's contract as the server publishes it: the request body and the 200 answer of
 * `webhooks.message` in openapi.json (repo root, written by `npm run openapi` from the server's own TypeBox
 * schemas), compiled once at start with Ajv (JSON Schema 2020-12, the dialect of OpenAPI 3.1, formats
 * checked). The chatbot keeps no copy of the schema: a field the server adds, renames or tightens reaches
 * it with the next `npm run openapi`.
 */
import { readFileSync } from 'node:fs';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import formatsPlugin from 'ajv-formats';

/** openapi.json beside chatbot/, found from this module rather than the working directory. */
export const OPENAPI_PATH = new URL('../openapi.json', import.meta.url);

export interface Contract {
  /** The schema's complaints about a webhook body (empty when it is one the server could send). */
  bodyErrors(body: unknown): string[];
  /** The schema's complaints about an answer (empty when the server's answer schema accepts it). */
  answerErrors(answer: unknown): string[];
}

const said = (errors: ErrorObject[] | null | undefined): string[] =>
  (errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`.trim());

const check = (validate: ValidateFunction) => (value: unknown) => (validate(value) ? [] : said(validate.errors));

/** Reads openapi.json and compiles the body's and the answer's schemas; throws when either is missing. */
export function loadContract(path: URL | string = OPENAPI_PATH): Contract {
  const doc = JSON.parse(readFileSync(path, 'utf8'));
  const post = doc?.webhooks?.message?.post;
  const body = post?.requestBody?.content?.['application/json']?.schema;
  const answer = post?.responses?.['200']?.content?.['application/json']?.schema;
  if (!body || !answer) throw new Error(`${String(path)} has no webhooks.message request body and 200 answer`);
  // Strict (Ajv's default): a keyword Ajv does not know fails the start rather than being ignored.
  const ajv = new Ajv2020({ allErrors: true });
  const addFormats = (formatsPlugin as unknown as { default: typeof formatsPlugin }).default ?? formatsPlugin;
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  return { bodyErrors: check(ajv.compile(body)), answerErrors: check(ajv.compile(answer)) };
}
