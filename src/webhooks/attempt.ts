/**
 * One attempt of one claimed delivery: build the body, POST it, then carry out the answer, schedule the
 * next attempt, or give up and tell the customer. Every write checks that this process still holds the
 * delivery (store.ts `whileHeld`).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../db/client.js';
import { isConnectionFailure } from '../db/errors.js';
import type { Channel } from '../domain/conversations/channel-accounts.js';
import { DeliveryLost } from './answer/index.js';
import type { AnswerOutcome, ApplyAnswer, BuildPayload } from './contract.js';
import { storeFallbackReply, unansweredOutcome } from './give-up.js';
import type { AttemptObservation } from './metrics.js';
import { bodyText } from './payload/body-text.js';
import { nextDelayMs, retryAfterMs, verdictOf } from './schedule.js';
import { type HttpResult, post, type Target } from './send.js';
import {
  type AttemptRecord,
  type Claimed,
  FAILED,
  insertAttempt,
  RELEASED,
  RENEWED,
  RETRY_LATER,
  refOf,
  SUCCEEDED,
  settle,
  whileHeld,
} from './store.js';

export interface AttemptContext {
  db: Db;
  log: FastifyBaseLogger;
  owner: string;
  target: Target;
  buildPayload: BuildPayload;
  applyAnswer: ApplyAnswer;
  retryDelaysMs: number[];
  /** A body above this is not sent: it fails at once (the receiver's limit, CHATBOT_BODY_MAX_BYTES). */
  maxBodyBytes: number;
  /** How long the lease is renewed for while an answer is carried out. */
  applyLeaseMs: number;
  stopping(): boolean;
  stopSignal: AbortSignal;
  /** A reply to the customer was stored (the fallback): send it now. */
  onReplyStored(conversationId: string): void;
  /** The chatbot is about to get a customer message for the first time (the channel shows "typing…"). */
  onDelivering(messageId: string, channel?: Channel): void;
  /** The chatbot's answer to a message was carried out (the channel marks the message read). */
  onAnswered(messageId: string): void;
  /** Each attempt's end, for the metrics. */
  observe(o: AttemptObservation): void;
}

class LostLease extends Error {}

/** The lease an answer's application needs at least (far more than it takes, clocks a little apart). */
const APPLY_BUDGET_MS = 10_000;

/** A write that outlives a short database hiccup: the delivery's state must not be left behind. */
async function persist<T>(fn: () => Promise<T>): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return await fn();
    } catch (err) {
      if (i >= 4 || !isConnectionFailure(err)) throw err;
      await new Promise((r) => setTimeout(r, 250 * 2 ** i));
    }
  }
}

const attemptOf = (c: Claimed, http: HttpResult, result: AttemptRecord['result'], error = http.error) => ({
  number: c.number,
  startedAt: http.startedAt,
  durationMs: http.durationMs,
  statusCode: http.status,
  body: http.body,
  error,
  result,
});

/** True when the delivery ended for good here (succeeded or failed); false when it is open still, or lost. */
export async function deliverOne(ctx: AttemptContext, c: Claimed): Promise<boolean> {
  const { db, owner } = ctx;
  const id = c.row.id;
  try {
    if (ctx.stopping()) {
      await whileHeld(db, id, owner, RELEASED);
      return false;
    }
    const ref = refOf(c);
    let body: string;
    let channel: Channel | undefined;
    const t0 = new Date();
    try {
      const payload = await ctx.buildPayload(ref, c.handed);
      channel = payload.conversation?.channel;
      body = bodyText(payload);
    } catch (err) {
      ctx.log.warn({ err, delivery_id: id }, 'message webhook body could not be built');
      const http = { startedAt: t0, durationMs: Date.now() - t0.getTime(), status: null, contentType: null };
      const failure = { ...http, retryAfter: null, body: '', interrupted: false };
      return await retryOrFail(ctx, c, { ...failure, error: `body could not be built: ${(err as Error).message}` });
    }
    const size = Buffer.byteLength(body);
    if (size > ctx.maxBodyBytes) {
      // The receiver would refuse it (413) on every attempt: not sent, failed now, the customer told. The
      // one log line is giveUp's.
      const reason = `body too large: ${size} bytes, the limit is ${ctx.maxBodyBytes} (CHATBOT_BODY_MAX_BYTES); not sent`;
      const http = { startedAt: t0, durationMs: Date.now() - t0.getTime(), status: null, contentType: null };
      await giveUp(ctx, c, { ...http, retryAfter: null, body: '', interrupted: false, error: reason }, reason);
      return true;
    }
    if (ctx.stopping()) {
      await whileHeld(db, id, owner, RELEASED);
      return false;
    }
    if (ref.event === 'message' && c.number === 1) ctx.onDelivering(ref.messageId, channel);
    const http = await post(ctx.target, id, body, ctx.stopSignal);
    if (http.interrupted) {
      // Cut short by a shutdown: back in the queue at once for the other processes (or the next start).
      if (!(await persist(() => settle(db, id, owner, RETRY_LATER, [http.error, 0], attemptOf(c, http, 'retry'))))) {
        throw new LostLease();
      }
      ctx.observe({ result: 'interrupted', durationMs: http.durationMs });
      return false;
    }
    const verdict = verdictOf(http.status);
    if (verdict === 'succeeded') return await succeed(ctx, c, http);
    if (verdict === 'permanent') {
      await giveUp(ctx, c, http, `HTTP ${http.status}: not retried`);
      return true;
    }
    return await retryOrFail(ctx, c, { ...http, error: http.error ?? `HTTP ${http.status}` });
  } catch (err) {
    if (err instanceof LostLease) {
      ctx.log.warn({ delivery_id: id }, 'message webhook delivery was taken over by another process');
      return false;
    }
    throw err;
  }
}

/** True when there was no attempt left (the delivery failed); false when it was scheduled again. */
async function retryOrFail(ctx: AttemptContext, c: Claimed, http: HttpResult): Promise<boolean> {
  const delay = nextDelayMs(ctx.retryDelaysMs, c.row.attempts, retryAfterMs(http.retryAfter));
  if (delay === undefined) {
    await giveUp(ctx, c, http, `${http.error}; no attempts left`);
    return true;
  }
  const params = [http.error, delay];
  if (!(await persist(() => settle(ctx.db, c.row.id, ctx.owner, RETRY_LATER, params, attemptOf(c, http, 'retry'))))) {
    throw new LostLease();
  }
  ctx.observe({ result: 'retry', durationMs: http.durationMs });
  ctx.log.info(
    { delivery_id: c.row.id, attempt: c.number, error: http.error, retry_in_ms: delay },
    'message webhook attempt failed; will retry',
  );
  return false;
}

/** True: the delivery ended (succeeded, or failed when the answer could not be carried out). */
async function succeed(ctx: AttemptContext, c: Claimed, http: HttpResult): Promise<boolean> {
  const id = c.row.id;
  // Carrying out the answer (placing an order) must end within the lease; it is renewed when little is left.
  if (c.leaseEndsAt - Date.now() < APPLY_BUDGET_MS) {
    if (!(await persist(() => whileHeld(ctx.db, id, ctx.owner, RENEWED, [ctx.applyLeaseMs])))) throw new LostLease();
  }
  // The delivery is settled in the answer's own transaction: applied and succeeded commit together.
  const settleIn = (q: Queryable, outcome: AnswerOutcome) =>
    settle(q, id, ctx.owner, SUCCEEDED, [JSON.stringify(outcome)], attemptOf(c, http, 'succeeded'));
  let settledInside = false;
  let outcome: AnswerOutcome;
  try {
    const response = { status: http.status as number, contentType: http.contentType, body: http.body };
    outcome = await ctx.applyAnswer(refOf(c), response, async (tx, o) => {
      settledInside = await settleIn(tx, o);
      return settledInside;
    });
  } catch (err) {
    if (err instanceof DeliveryLost) throw new LostLease();
    ctx.log.error({ err, delivery_id: id }, 'message webhook answer could not be carried out');
    await giveUp(ctx, c, http, `answer could not be carried out: ${(err as Error).message}`);
    return true;
  }
  // An applier that did not settle (one that writes nothing) leaves it to us.
  if (!settledInside && !(await persist(() => settleIn(ctx.db, outcome)))) throw new LostLease();
  ctx.onAnswered(c.row.message_id);
  ctx.observe({
    result: 'succeeded',
    durationMs: http.durationMs,
    applied: outcome.applied,
    fallbackSent: outcome.fallback_sent,
  });
  return true;
}

/** The last attempt failed, or the receiver refused for good: failed, and the customer is told. */
async function giveUp(ctx: AttemptContext, c: Claimed, http: HttpResult, reason: string) {
  const { id, conversation_id: conversationId } = c.row;
  const write = (fallback: boolean) =>
    persist(() =>
      ctx.db.transaction(async (tx) => {
        const outcome = JSON.stringify(unansweredOutcome(reason, fallback));
        if (!(await whileHeld(tx, id, ctx.owner, FAILED, [reason, outcome]))) throw new LostLease();
        await insertAttempt(tx, id, attemptOf(c, http, 'failed', http.error ?? reason));
        if (fallback) await storeFallbackReply(tx, conversationId);
      }),
    );
  let fallback = true;
  try {
    await write(true);
  } catch (err) {
    if (err instanceof LostLease || isConnectionFailure(err)) throw err;
    // The reply could not be stored (a broken conversation): the delivery still ends, without it.
    ctx.log.error({ err, delivery_id: id }, 'fallback reply could not be stored');
    fallback = false;
    await write(false);
  }
  if (fallback) ctx.onReplyStored(conversationId);
  ctx.observe({ result: 'failed', durationMs: http.durationMs, fallbackSent: fallback });
  ctx.log.error(
    { delivery_id: id, conversation_id: conversationId, attempts: c.number, error: reason, fallback_sent: fallback },
    'message webhook delivery failed',
  );
}
