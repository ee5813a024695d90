/** Request bodies: plausible ones from the schema with a few mutations, or raw bytes that are barely JSON. */
import { type MutationTools, mutate, nest } from './mutate.js';
import { type SampleContext, type Schema, sample } from './schema.js';
import { toJson } from './values.js';

export interface Body {
  payload: string | Buffer;
  tag: string;
}

// Overlong NUL, a CESU-8 surrogate, bytes that are never UTF-8, a truncated sequence.
const BAD_UTF8 = [
  [0xc0, 0x80],
  [0xed, 0xa0, 0x80],
  [0xff, 0xfe],
  [0xe2, 0x82],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
];

function rawBody(tools: MutationTools, plausible: unknown): Body {
  const { rng } = tools;
  const text = toJson(plausible);
  const [tag, payload] = rng.pick<[string, () => string | Buffer]>([
    ['raw:truncated', () => text.slice(0, rng.int(Math.max(1, text.length)))],
    ['raw:trailing', () => `${text},`],
    ['raw:two-values', () => `${text}${text}`],
    ['raw:bom', () => `\ufeff${text}`],
    ['raw:duplicate-keys', () => text.replace(/^\{/, '{"name":"a","name":1,')],
    ['raw:single-quotes', () => text.replace(/"/g, "'")],
    ['raw:comments', () => `/* c */${text}//`],
    ['raw:empty', () => ''],
    ['raw:whitespace', () => ' \r\n\t'],
    ['raw:scalar', () => rng.pick(['null', 'true', '0', '"x"', '[]', '1e999', '-', 'NaN', 'undefined'])],
    ['raw:nul-bytes', () => `${text}\u0000`],
    [
      'raw:bad-utf8',
      () => {
        const bytes = rng.pick(BAD_UTF8);
        return Buffer.concat([Buffer.from('{"name":"a'), Buffer.from(bytes), Buffer.from('b"}')]);
      },
    ],
    ['raw:utf16', () => Buffer.from(text, 'utf16le')],
    ['raw:deep-array', () => `${'['.repeat(rng.between(100, 400))}${']'.repeat(rng.between(0, 400))}`],
    ['raw:deep-object', () => toJson(nest(rng.between(100, 400), 1, 'object'))],
    ['raw:unclosed-deep', () => '{"a":'.repeat(rng.between(50, 400))],
    ['raw:escapes', () => '{"name":"\\ud800\\udc00\\u0000\\x41\\u12"}'],
    ['raw:over-limit', () => toJson({ name: 'x'.repeat(1_048_600) })],
  ]);
  return { payload: payload(), tag };
}

/**
 * A body for an operation whose body schema is `schema` (undefined: the route takes none), starting from
 * `base` when given (a body whose rules are beyond its schema, such as an order's total).
 */
export function bodyFor(
  tools: MutationTools,
  ctx: SampleContext,
  schema: Schema | undefined,
  base?: unknown,
): Body | undefined {
  const { rng } = tools;
  if (!schema) {
    if (!rng.chance(0.08)) return undefined;
    return { payload: toJson(rng.pick([{}, { name: 'x' }, [], 'x'])), tag: 'body:unexpected' };
  }
  const plausible = base ?? sample(schema, ctx);
  if (rng.chance(0.12)) return rawBody(tools, plausible);
  let body: unknown = plausible;
  const whats: string[] = [];
  const n = rng.weighted([
    [15, 0],
    [50, 1],
    [25, 2],
    [10, 3],
  ]);
  for (let i = 0; i < n; i++) {
    const m = mutate(body, tools);
    body = m.body;
    whats.push(m.what);
  }
  return { payload: toJson(body), tag: n === 0 ? 'body:plausible' : `body:${whats.join(', ')}` };
}
