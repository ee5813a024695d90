/**
 * One attempt of an event delivery: the event as JSON, signed in the Standard Webhooks form with the
 * endpoint's secret (and its previous one during a rotation), `webhook-id` the event's id on every attempt.
 * A 2xx acknowledges it; no answer, a timeout, 429 (Retry-After believed) and 5xx retry on the schedule;
 * any other status fails it. An endpoint that has failed every attempt for `disableAfterMs` is disabled.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../db/client.js';
import { nextRetryMs, type RetrySchedule, retryAfterMs } from '../../db/queue/retry.js';
import { failOpenDeliveries } from '../../domain/events/endpoints.js';
import { toEvent } from '../../domain/events/types.js';
import { verdictOf } from '../schedule.js';
import { type HttpResult, post } from '../send.js';
import type { Signer, Signers } from '../signer.js';
import {
  type AttemptRecord,
  type ClaimedEvent,
  dropOrphan,
  type Outcome,
  release,
  type Settled,
  type Target,
} from './store.js';

export interface EventAttemptContext {
  db: Queryable;
  log: FastifyBaseLogger;
  owner: string;
  /** The URL's refusal under WEBHOOK_ALLOWED_HOSTS, or null (outbound-url.ts urlRefusals). */
  refusal: (url: string) => string | null;
  agents: { http: import('node:http').Agent; https: import('node:https').Agent };
  schedule: RetrySchedule;
  timeoutMs: number;
  disableAfterMs: number;
  stopping: () => boolean;
  /** The endpoints' signers, made once per secret. */
  signers: Signers;
  /** Settles an attempt with the others ending about now (store.ts settleMany, in batches). */
  settle: (o: Outcome) => Promise<Settled>;
}

function signers(made: Signers, t: Target): Signer[] {
  const list = [made(t.secret)];
  const expires = t.previous_secret_expires_at ? new Date(t.previous_secret_expires_at).getTime() : 0;
  if (t.previous_secret && expires > Date.now()) list.push(made(t.previous_secret));
  return list;
}

const record = (c: ClaimedEvent, r: HttpResult, result: AttemptRecord['result'], error = r.error) => ({
  number: c.number,
  startedAt: r.startedAt,
  durationMs: r.durationMs,
  statusCode: r.status,
  body: r.body,
  error,
  result,
});

/** Ends the attempt; resolves true when the delivery ended for good (or is no longer this process's). */
export async function deliverEvent(ctx: EventAttemptContext, c: ClaimedEvent, signal: AbortSignal): Promise<boolean> {
  const { row } = c;
  if (ctx.stopping()) {
    await release(ctx.db, row.id, ctx.owner);
    return true;
  }
  const target = c.target;
  if (!target) {
    await dropOrphan(ctx.db, row.id, ctx.owner);
    return true;
  }
  if (target.status !== 'enabled') {
    // Disabled between the claim and now: its open deliveries are being failed; this one with them.
    const none = { ...emptyResult(), error: 'the endpoint was disabled' };
    await ctx.settle(outcome(c, 'failed', none.error, record(c, none, 'failed')));
    return true;
  }
  const refused = ctx.refusal(target.url);
  const result: HttpResult = refused
    ? { ...emptyResult(), error: `refused to connect: the URL ${refused}` }
    : await post(
        { url: target.url, signer: signers(ctx.signers, target), timeoutMs: ctx.timeoutMs, agents: ctx.agents },
        target.event.id,
        c.body ?? JSON.stringify(toEvent(target.event)),
        signal,
      );
  if (result.interrupted) {
    await release(ctx.db, row.id, ctx.owner);
    return true;
  }
  const verdict = refused ? 'retryable' : verdictOf(result.status);
  if (verdict === 'succeeded') {
    await ctx.settle(outcome(c, 'succeeded', null, record(c, result, 'succeeded')));
    return true;
  }
  const error = result.error ?? `the endpoint answered ${result.status}`;
  const wait =
    verdict === 'retryable' ? nextRetryMs(ctx.schedule, c.row.attempts, retryAfterMs(result.retryAfter)) : undefined;
  const ended = wait === undefined;
  const settled = await ctx.settle(
    ended
      ? outcome(c, 'failed', error, record(c, result, 'failed', error))
      : { ...outcome(c, 'retry', error, record(c, result, 'retry', error)), waitMs: wait },
  );
  if (settled.failingSince) await disable(ctx, row.endpoint_id, settled.failingSince, error);
  return ended;
}

const outcome = (c: ClaimedEvent, result: Outcome['result'], error: string | null, attempt: AttemptRecord) => ({
  id: c.row.id,
  endpointId: c.row.endpoint_id,
  result,
  error,
  attempt,
});

function emptyResult(): HttpResult {
  return {
    startedAt: new Date(),
    durationMs: 0,
    status: null,
    contentType: null,
    retryAfter: null,
    body: '',
    error: null,
    interrupted: false,
  };
}

/** Disables an endpoint that has failed every attempt since `failingSince` (longer than disableAfterMs). */
async function disable(ctx: EventAttemptContext, endpointId: string, failingSince: Date, error: string) {
  const since = failingSince.toISOString();
  const reason = `Every delivery failed since ${since}; the last: ${error}`.slice(0, 1000);
  const disabled = await ctx.db.query(
    `UPDATE webhook_endpoints SET status = 'disabled', disabled_reason = $2, updated_at = now()
     WHERE id = $1 AND status = 'enabled' RETURNING id`,
    [endpointId, reason],
  );
  if (disabled.length === 0) return;
  await failOpenDeliveries(ctx.db, endpointId, 'the endpoint was disabled after failing for days');
  ctx.log.warn({ endpointId, failingSince: since }, 'webhook endpoint disabled: it kept failing');
}
