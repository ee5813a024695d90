/**
 * Reads the chatbot's 2xx answer (docs/message-webhook.md, "The answer"): nothing to do, an answer to carry
 * out, or an answer refused with the reason. An answer is held to the same rules as a request body: size,
 * nesting, storable text, the schema (ajv, as for bodies), the reply limits and the language tag.
 */
import { MessageWebhookAnswer } from '../../contracts/message-webhook/answer.js';
import { canonicalLanguage } from '../../domain/conversations/customers.js';
import { checkReply } from '../../domain/conversations/messages.js';
import { ApiError } from '../../domain/errors.js';
import { validationError, validatorCompiler } from '../../http/validation.js';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../lib/json-depth.js';
import { unstorablePath } from './text.js';

/** The request body limit (src/app.ts BODY_LIMIT), not imported: the app imports the webhooks. */
const MAX_BYTES = 1_048_576;

export type ParsedAnswer =
  | { kind: 'nothing' }
  | { kind: 'rejected'; reason: string }
  | { kind: 'answer'; answer: MessageWebhookAnswer };

export interface AnswerResponse {
  status: number;
  contentType: string | null;
  body: string;
}

type Validate = { (data: unknown): boolean; errors?: Parameters<typeof validationError>[0] | null };
// Compiled at the first answer, not at import: about 0.1 s of every server start (bench/results/start.md).
let compiled: Validate | undefined;
const validator = (): Validate =>
  (compiled ??= validatorCompiler({
    schema: MessageWebhookAnswer,
    method: 'POST',
    url: '',
    httpPart: 'body',
  }) as Validate);

/** `application/json`, `application/problem+json`…, parameters (`; charset=utf-8`) aside. */
const isJsonType = (contentType: string | null) => {
  const media = contentType?.split(';')[0].trim().toLowerCase() ?? '';
  return media === 'application/json' || (media.startsWith('application/') && media.endsWith('+json'));
};
/** A body that starts like a JSON object or array is meant as an answer, whatever its content type says. */
const looksLikeJson = (body: string) => /^\s*[{[]/.test(body);

/** The reason for a refusal: the field's path first, when the message does not already name it. */
export function reasonOf(err: ApiError): string {
  return err.param && !err.message.includes(err.param) ? `${err.param}: ${err.message}` : err.message;
}

export function parseAnswer(res: AnswerResponse): ParsedAnswer {
  // CONTRACT: the 200 answer says what to do; any other 2xx, or an empty body, means nothing to do.
  if (res.status !== 200 || res.body.trim() === '') return { kind: 'nothing' };
  const refuse = (reason: string): ParsedAnswer => ({ kind: 'rejected', reason });
  // A 200 with a body is the answer, and the answer is JSON: "OK" in text/plain is a receiver that did not
  // answer, so the customer gets the fallback reply rather than silence (issue 9).
  if (!isJsonType(res.contentType) && !looksLikeJson(res.body)) {
    return refuse(`The answer is not JSON: a 200 with a ${res.contentType ?? 'body without a content type'}.`);
  }
  if (Buffer.byteLength(res.body) > MAX_BYTES) return refuse(`The answer is larger than ${MAX_BYTES} bytes.`);
  if (nestsDeeperThan(res.body, MAX_JSON_DEPTH)) {
    return refuse(`The answer nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels.`);
  }
  let value: unknown;
  try {
    value = JSON.parse(res.body);
  } catch (err) {
    return refuse(`The answer is not JSON: ${(err as Error).message}`);
  }
  const unstorable = unstorablePath(value);
  if (unstorable !== null) {
    return refuse(`${unstorable}: text must be well-formed Unicode without the NUL character (U+0000).`);
  }
  const validate = validator();
  if (!validate(value)) {
    // The request wording of the shared error turned to the answer's: "Unknown field: orderDraft.foo."
    const err = validationError(validate.errors ?? [], 'body');
    const said = reasonOf(err)
      .replace('The request body', 'The answer')
      .replace(/\bparameter\b/, 'field');
    const allowed = err.details?.allowed_values as unknown[] | undefined;
    return refuse(`The answer does not match its schema: ${said}${allowed ? ` Allowed: ${allowed.join(', ')}.` : ''}`);
  }
  const answer = value as MessageWebhookAnswer;
  try {
    for (const [i, reply] of (answer.replies ?? []).entries()) checkReply(reply, `replies.${i}`);
    if (answer.action === 'redeliver' && answer.locationId === undefined && answer.lookUpAddress === undefined) {
      return refuse(
        'action: redeliver needs a locationId (the message is delivered again once that location is chosen) or lookUpAddress (once that address is looked up).',
      );
    }
    if (answer.lookUpAddress !== undefined && answer.action !== 'redeliver') {
      return refuse('lookUpAddress goes with action: redeliver (the message comes again with the address looked up).');
    }
    const language = answer.customer?.language;
    if (language) answer.customer = { ...answer.customer, language: canonicalLanguage('customer.language', language) };
  } catch (err) {
    if (err instanceof ApiError) return refuse(reasonOf(err));
    throw err;
  }
  return doesNothing(answer) ? { kind: 'nothing' } : { kind: 'answer', answer };
}

/** `{}`, or replies: []: a valid answer with nothing to carry out, settled without opening a transaction. */
const doesNothing = (a: MessageWebhookAnswer) =>
  (a.replies ?? []).length === 0 &&
  a.orderDraft === undefined &&
  a.locationId === undefined &&
  a.customer === undefined &&
  a.action === undefined;
