import { retryAfterMs } from '../../db/queue/retry.js';
import { withDeadline } from '../../lib/deadline.js';
import { type ChannelAdapter, SendFailure } from '../types.js';
import { classifyGraphError, describeGraphError, parseGraphError } from './errors.js';
import { graphMessageBody } from './messages-body.js';

/**
 * The Graph API version replies go through when WHATSAPP_GRAPH_VERSION is unset. v25.0 (released 18 February
 * 2026) is available until 29 July 2028 by Meta's changelog (developers.facebook.com/docs/graph-api/changelog):
 * the newest version with a published end, so a deployment is not caught by a retirement it could not see
 * coming (v21.0, used before, ends on 21 January 2027).
 */
export const DEFAULT_GRAPH_VERSION = 'v25.0';
const MAX_ERROR_LENGTH = 500;

export interface WhatsAppSendOptions {
  /** https://graph.facebook.com, or a local fake in tests. */
  graphBaseUrl: string;
  /** `v25.0`: the path segment of every Graph call (WHATSAPP_GRAPH_VERSION). */
  graphVersion?: string;
  timeoutMs: number;
}

/** An error text to keep on the message: short, and never the token, whatever the far end echoed. */
function describe(text: string, token: string): string {
  const clean = token.length > 0 ? text.split(token).join('[redacted]') : text;
  return clean.length > MAX_ERROR_LENGTH ? `${clean.slice(0, MAX_ERROR_LENGTH)}…` : clean;
}

/** Replies through the Graph API's messages endpoint with the account's access token. */
export function whatsappChannel(options: WhatsAppSendOptions): ChannelAdapter {
  const base = `${options.graphBaseUrl.replace(/\/+$/, '')}/${options.graphVersion ?? DEFAULT_GRAPH_VERSION}`;

  /**
   * POSTs to `/{phone_number_id}/messages`; the answer's body when 2xx. Throws SendFailure, decided by Meta's
   * error code (./errors.ts) and carrying it, with any Retry-After.
   */
  async function post(account: { access_token?: string | null; external_id?: string | null }, payload: object) {
    const token = account.access_token ?? '';
    const url = `${base}/${encodeURIComponent(account.external_id ?? '')}/messages`;
    let res: Response;
    let body: string;
    try {
      ({ res, body } = await withDeadline(options.timeoutMs, async (signal) => {
        const res = await fetch(url, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(payload),
          signal,
        });
        return { res, body: await res.text() };
      }));
    } catch (err) {
      const reason = (err as Error).name === 'TimeoutError' ? `no answer within ${options.timeoutMs} ms` : String(err);
      throw new SendFailure(describe(`Graph API unreachable: ${reason}`, token), true);
    }
    if (!res.ok) {
      const error = parseGraphError(body);
      const kind = classifyGraphError(error?.code, res.status);
      const text = describe(`Graph API answered ${res.status}: ${describeGraphError(error, body)}`, token);
      throw new SendFailure(text, kind === 'transient' || kind === 'rate_limited', {
        kind,
        code: error?.code,
        retryAfterMs: retryAfterMs(res.headers.get('retry-after')),
      });
    }
    return body;
  }

  return {
    async send({ account, to, userId, message }) {
      const body = await post(account, graphMessageBody(to, message, userId));
      let id: unknown;
      try {
        id = (JSON.parse(body) as { messages?: { id?: unknown }[] }).messages?.[0]?.id;
      } catch {}
      if (typeof id !== 'string') {
        // Accepted but unreadable: sending again could deliver it twice, so this is not retried.
        throw new SendFailure('Graph API answered 2xx without a message id', false);
      }
      return { channelMessageId: id };
    },

    // Meta's "mark as read" with the typing indicator: one call, shown until the reply or about 25 s
    // (developers.facebook.com/documentation/business-messaging/whatsapp/typing-indicators).
    async markRead({ account, channelMessageId, typing }) {
      await post(account, {
        messaging_product: 'whatsapp',
        status: 'read',
        message_id: channelMessageId,
        ...(typing ? { typing_indicator: { type: 'text' } } : {}),
      });
    },
  };
}
