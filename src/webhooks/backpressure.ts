/**
 * Backpressure on customer messages (docs/message-webhook.md, "Backpressure"): while the delivery queue is
 * behind (a due message has waited longer than the limit for a free delivery slot), new customer messages
 * are refused with 503 and Retry-After before anything is stored, and the channel sends them again later
 * (Meta does for days; the test channel's caller is told to). A backlog customers would wait on becomes a
 * delay at the channel, where nothing is lost and the server keeps up with what it did accept.
 *
 * The queue's lag is read from the database (every process sees the same shared queue) at most once per
 * `refreshMs`, by one reading at a time: a busy inbound route costs the database a few statements a second.
 */
import { Counter, Gauge, type Registry } from 'prom-client';
import type { Queryable } from '../db/client.js';
import { queueLagMs } from '../db/queue/lag.js';
import { queueBehind } from '../domain/errors.js';
import { DELIVERIES } from './store.js';

export interface BackpressureOptions {
  /** Refuse while the oldest due message has waited longer than this (INBOUND_QUEUE_LAG_LIMIT_MS); 0: never. */
  limitMs: number;
  /** How old a reading may be before the next check reads again. */
  refreshMs?: number;
  metrics?: Registry;
}

export type Channel = 'test' | 'whatsapp';

export class Backpressure {
  private lagMs = 0;
  private readAt = Number.NEGATIVE_INFINITY;
  private reading: Promise<void> | undefined;
  private readonly refused?: Counter<'channel'>;
  private readonly refreshMs: number;

  constructor(
    private readonly db: Queryable,
    private readonly options: BackpressureOptions,
  ) {
    this.refreshMs = options.refreshMs ?? 250;
    const registers = options.metrics ? [options.metrics] : [];
    if (!options.metrics) return;
    this.refused = new Counter({
      name: 'inbound_messages_refused_total',
      help: 'Customer message calls answered 503 because the delivery queue was behind (backpressure), by channel.',
      labelNames: ['channel'] as const,
      registers,
    });
    for (const channel of ['test', 'whatsapp']) this.refused.inc({ channel }, 0);
    const self = this;
    new Gauge({
      name: 'webhook_queue_lag_seconds',
      help: 'How long the oldest due message webhook delivery has waited for a free slot, as last read.',
      registers,
      collect() {
        this.set(self.lagMs / 1000);
      },
    });
  }

  /** Throws the 503 while the queue is behind; a failed reading lets the message through (storing it will tell). */
  async check(channel: Channel): Promise<void> {
    if (this.options.limitMs <= 0) return;
    if (Date.now() - this.readAt >= this.refreshMs) await this.read();
    if (this.lagMs <= this.options.limitMs) return;
    this.refused?.inc({ channel });
    // Long enough for the queue to catch up on what made it late, short enough not to hold customers long.
    throw queueBehind(Math.min(30, Math.max(1, Math.ceil(this.lagMs / 1000))), this.lagMs);
  }

  private read(): Promise<void> {
    this.reading ??= queueLagMs(this.db, DELIVERIES)
      .then((lag) => {
        this.lagMs = lag;
      })
      .catch(() => {})
      .finally(() => {
        this.readAt = Date.now();
        this.reading = undefined;
      });
    return this.reading;
  }
}
