import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { timeoutPlan } from '../../src/domain/orders/acceptance.js';
import { NOTICE_LANGUAGES, noticeLanguage, noticeText } from '../../src/domain/orders/notice-texts.js';
import { ORDER_STATUSES, type OrderStatus } from '../../src/domain/orders/status.js';
import { RETRY_DELAYS_MS, retryDelayMs } from '../../src/jobs/backoff.js';

const notice = (status: OrderStatus, over: Partial<Parameters<typeof noticeText>[0]> = {}) =>
  noticeText({ status, shortId: '42', language: 'en', reason: null, timedOut: false, ...over });

describe('customer notices', () => {
  test('only the changes a customer waits for or acts on get a message', () => {
    const told = ORDER_STATUSES.filter((s) => notice(s) !== null);
    assert.deepEqual(told, [
      'accepted',
      'awaiting_collection',
      'in_delivery',
      'rejected',
      'cancelled',
      'delivery_failed',
    ]);
    for (const quiet of ['received', 'in_preparation', 'awaiting_shipment', 'completed'] as const) {
      assert.equal(notice(quiet), null, quiet);
    }
  });

  test('English and German texts name the order by its short id', () => {
    assert.equal(notice('accepted'), 'Your order #42 has been accepted.');
    assert.equal(notice('awaiting_collection'), 'Your order #42 is ready for pickup.');
    assert.equal(notice('in_delivery'), 'Your order #42 is on its way.');
    assert.equal(notice('accepted', { language: 'de' }), 'Ihre Bestellung #42 wurde angenommen.');
    assert.equal(notice('in_delivery', { language: 'de' }), 'Ihre Bestellung #42 ist unterwegs.');
    assert.equal(notice('cancelled', { language: 'de' }), 'Ihre Bestellung #42 wurde storniert.');
  });

  test('a rejection carries its reason; a timeout without one says so; other statuses leave reasons out', () => {
    assert.equal(
      notice('rejected', { reason: 'Kitchen closed' }),
      'Sorry, your order #42 was declined. Reason: Kitchen closed',
    );
    assert.equal(
      notice('rejected', { language: 'de', reason: 'Küche geschlossen' }),
      'Leider wurde Ihre Bestellung #42 abgelehnt. Grund: Küche geschlossen',
    );
    assert.equal(notice('rejected'), 'Sorry, your order #42 was declined.');
    assert.equal(
      notice('rejected', { timedOut: true }),
      'Sorry, your order #42 was declined. The restaurant could not confirm it in time.',
    );
    assert.equal(
      notice('rejected', { timedOut: true, reason: 'Too busy' }),
      'Sorry, your order #42 was declined. Reason: Too busy',
    );
    assert.equal(
      notice('cancelled', { reason: 'Out of dough' }),
      'Your order #42 has been cancelled. Reason: Out of dough',
    );
    assert.equal(notice('accepted', { reason: 'accepted automatically' }), 'Your order #42 has been accepted.');
    // A reason is text, never a replacement pattern.
    assert.equal(notice('rejected', { reason: '$& $1' }), 'Sorry, your order #42 was declined. Reason: $& $1');
  });

  test('every language has every text, each naming the order once', () => {
    assert.ok(NOTICE_LANGUAGES.length >= 2 && NOTICE_LANGUAGES.includes('de'));
    for (const language of NOTICE_LANGUAGES) {
      for (const status of ORDER_STATUSES) {
        const text = notice(status, { language, reason: 'R' });
        if (text === null) continue;
        assert.equal(text.split('#42').length, 2, `${language} ${status}: ${text}`);
        assert.ok(!text.includes('{'), `${language} ${status}: ${text}`);
      }
      assert.notEqual(notice('rejected', { language, timedOut: true }), notice('rejected', { language }));
    }
  });

  test("the customer's language, else the location's, else English; by primary subtag", () => {
    assert.equal(noticeLanguage('de-AT', 'en'), 'de');
    assert.equal(noticeLanguage('pt-BR', 'de'), 'pt');
    assert.equal(noticeLanguage(null, 'fr'), 'fr');
    assert.equal(noticeLanguage('ja', 'it-CH'), 'it');
    assert.equal(noticeLanguage('ja', 'ko'), 'en');
    assert.equal(noticeLanguage(undefined, null), 'en');
  });
});

describe('acceptance timeout and job retries', () => {
  const created = new Date('2026-05-01T11:58:30.250Z');

  test('the timeout falls timeout_seconds after the order was created, with the action then in force', () => {
    const reject = timeoutPlan(created, {
      mode: 'manual',
      timeout_seconds: 300,
      timeout_action: 'reject',
      timeout_rejection_reason: 'Too busy',
    });
    assert.deepEqual(reject, {
      runAt: new Date('2026-05-01T12:03:30.250Z'),
      action: 'reject',
      rejectionReason: 'Too busy',
    });
    const accept = timeoutPlan(created, {
      mode: 'manual',
      timeout_seconds: 3600,
      timeout_action: 'accept',
      timeout_rejection_reason: null,
    });
    assert.deepEqual(accept, { runAt: new Date('2026-05-01T12:58:30.250Z'), action: 'accept', rejectionReason: null });
  });

  test('retries back off from seconds to an hour, then stay hourly, within ±20 %', () => {
    const mid = () => 0.5;
    assert.deepEqual(
      [1, 2, 3, 4, 5, 6, 7, 50].map((n) => retryDelayMs(n, RETRY_DELAYS_MS, mid)),
      [5_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000, 3_600_000, 3_600_000],
    );
    assert.equal(
      retryDelayMs(1, RETRY_DELAYS_MS, () => 0),
      4_000,
    );
    assert.equal(
      retryDelayMs(1, RETRY_DELAYS_MS, () => 0.999999),
      6_000,
    );
    assert.equal(retryDelayMs(0, [100, 200], mid), 100);
  });
});
