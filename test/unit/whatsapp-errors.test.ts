/**
 * Meta's error codes as data (src/channels/whatsapp/errors.ts): which are transient, rate limits, need a
 * template, or are final; the HTTP status decides only for a code the table does not know; and Meta's
 * error body read and described.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DEFAULT_RETRY_DELAYS_MS } from '../../src/channels/outbound.js';
import {
  classifyGraphError,
  describeGraphError,
  GRAPH_ERROR_CODES,
  type GraphErrorKind,
  parseGraphError,
  RATE_LIMIT_SCHEDULE,
} from '../../src/channels/whatsapp/errors.js';
import { nextRetryMs } from '../../src/db/queue/retry.js';

describe('the error table', () => {
  const expected: Record<GraphErrorKind, number[]> = {
    transient: [1, 2, 131000, 131016, 131057, 133004],
    rate_limited: [4, 80007, 130429, 131048, 131056],
    needs_template: [131047],
    final: [0, 3, 10, 100, 190, 368, 131008, 131009, 131021, 131026, 131030, 131031, 131051, 132000, 132001, 133010],
  };
  for (const [kind, codes] of Object.entries(expected)) {
    test(`${kind}: ${codes.join(', ')}`, () => {
      for (const code of codes) {
        assert.equal(GRAPH_ERROR_CODES[code], kind, `code ${code}`);
        // Whatever the HTTP status Meta sends it with.
        for (const status of [400, 403, 429, 500, 503]) assert.equal(classifyGraphError(code, status), kind);
      }
    });
  }

  test('every entry is one of the four kinds', () => {
    const kinds = new Set(['transient', 'rate_limited', 'needs_template', 'final']);
    for (const [code, kind] of Object.entries(GRAPH_ERROR_CODES)) assert.ok(kinds.has(kind), `${code}: ${kind}`);
  });

  test("Meta's permission family 200–299 is final", () => {
    for (const code of [200, 250, 299]) assert.equal(classifyGraphError(code, 500), 'final');
  });

  test('without a known code the HTTP status decides: 429 a rate limit, 5xx transient, the rest final', () => {
    for (const code of [undefined, 999_999]) {
      assert.equal(classifyGraphError(code, 429), 'rate_limited');
      assert.equal(classifyGraphError(code, 500), 'transient');
      assert.equal(classifyGraphError(code, 503), 'transient');
      assert.equal(classifyGraphError(code, 400), 'final');
      assert.equal(classifyGraphError(code, 401), 'final');
    }
  });

  test('a rate limit waits longer than the usual schedule, at every attempt, and a Retry-After is believed', () => {
    const still = () => 0.5; // no jitter
    for (let attempt = 1; attempt <= DEFAULT_RETRY_DELAYS_MS.length; attempt++) {
      const usual = nextRetryMs({ delaysMs: DEFAULT_RETRY_DELAYS_MS, repeatLast: false }, attempt, undefined, still);
      const limited = nextRetryMs(RATE_LIMIT_SCHEDULE, attempt, undefined, still);
      assert.ok(limited !== undefined && usual !== undefined && limited >= usual, `attempt ${attempt}`);
    }
    assert.equal(
      nextRetryMs(RATE_LIMIT_SCHEDULE, 1, 42_000, () => 0),
      42_000,
    );
    assert.equal(nextRetryMs(RATE_LIMIT_SCHEDULE, RATE_LIMIT_SCHEDULE.delaysMs.length + 1), undefined);
  });
});

describe("Meta's error body", () => {
  const body = JSON.stringify({
    error: {
      message: '(#130429) Rate limit hit',
      type: 'OAuthException',
      code: 130429,
      error_data: { messaging_product: 'whatsapp', details: 'Too many messages sent from this phone number' },
      error_subcode: 2494055,
      fbtrace_id: 'Az8or2yhqkZfEZ-_4Qn_Bam',
    },
  });

  test('is read field by field', () => {
    assert.deepEqual(parseGraphError(body), {
      message: '(#130429) Rate limit hit',
      type: 'OAuthException',
      code: 130429,
      error_subcode: 2494055,
      error_data: { messaging_product: 'whatsapp', details: 'Too many messages sent from this phone number' },
      fbtrace_id: 'Az8or2yhqkZfEZ-_4Qn_Bam',
    });
  });

  test('is described with its code, details and trace id', () => {
    assert.equal(
      describeGraphError(parseGraphError(body), body),
      '(#130429) Rate limit hit (code 130429): Too many messages sent from this phone number [fbtrace_id Az8or2yhqkZfEZ-_4Qn_Bam]',
    );
  });

  test('anything else is not an error body: the raw text is kept, shortened', () => {
    for (const raw of ['', 'oops', '[]', '{"error": "x"}', '{"error": null}', '{"error": []}']) {
      const e = parseGraphError(raw);
      assert.equal(e, null, raw);
      assert.equal(describeGraphError(e, raw), raw.slice(0, 200));
    }
    const odd = parseGraphError('{"error": {"code": "130429", "message": 5}}');
    assert.deepEqual([odd?.code, odd?.message], [undefined, undefined]);
    assert.equal(describeGraphError(parseGraphError('{"error": {"code": 2}}'), ''), 'error (code 2)');
  });
});
