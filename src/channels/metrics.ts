/**
 * The channels' own figures, beside the queue's (src/db/queue/metrics.ts): each send attempt by channel,
 * result and the channel's error code, and each read receipt (with the typing indicator) by result. On the
 * app's registry, as the other counters (`/metrics`).
 */
import { Counter, type Registry } from 'prom-client';
import type { Channel } from '../domain/conversations/channel-accounts.js';
import type { SendFailure } from './types.js';
import { GRAPH_ERROR_CODES } from './whatsapp/errors.js';

export interface ChannelMetrics {
  /** A send attempt's end: `sent`, or its failure and whether it is tried again. */
  send(channel: Channel, failure: SendFailure | null, retrying: boolean): void;
  /** A read receipt's end: `sent` or `failed`. */
  read(channel: Channel, ok: boolean, failure?: SendFailure): void;
}

const NONE: ChannelMetrics = { send() {}, read() {} };
const byRegistry = new WeakMap<Registry, ChannelMetrics>();

/**
 * The error code as a label: one of Meta's codes the table knows, `other` for any other, `none` without one
 * (a timeout, a network error): the far end cannot grow the number of series.
 */
function codeLabel(failure: SendFailure | null | undefined): string {
  const code = failure?.details.code;
  if (code === undefined) return 'none';
  return GRAPH_ERROR_CODES[code] ? String(code) : 'other';
}

export function channelMetrics(registry: Registry | undefined): ChannelMetrics {
  if (!registry) return NONE;
  const found = byRegistry.get(registry);
  if (found) return found;
  const registers = [registry];
  const sends = new Counter({
    name: 'channel_sends_total',
    help: 'Outbound message send attempts, by channel, result (sent, retry, failed), error kind and the channel error code (Meta: error.code).',
    labelNames: ['channel', 'result', 'kind', 'code'] as const,
    registers,
  });
  const reads = new Counter({
    name: 'channel_read_receipts_total',
    help: 'Read receipts (with the typing indicator) sent for customer messages, by channel, result (sent, failed) and error code.',
    labelNames: ['channel', 'result', 'code'] as const,
    registers,
  });
  const m: ChannelMetrics = {
    send(channel, failure, retrying) {
      const result = failure === null ? 'sent' : retrying ? 'retry' : 'failed';
      sends.inc({ channel, result, kind: failure?.kind ?? 'none', code: codeLabel(failure) });
    },
    read(channel, ok, failure) {
      reads.inc({ channel, result: ok ? 'sent' : 'failed', code: codeLabel(failure) });
    },
  };
  byRegistry.set(registry, m);
  return m;
}
