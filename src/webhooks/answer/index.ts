/**
 * Carries out the chatbot's 2xx answer (docs/message-webhook.md, "The answer"): parsed and checked first;
 * a valid answer is applied in one transaction; a wrong one is applied not at all, logged once, and the
 * customer gets the fallback reply. Outbound messages stored here are sent after commit by the channel
 * Outbound. Throws only when the database fails, never for a bad answer.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../../db/client.js';
import { transactionRetrying } from '../../db/retry.js';
import { ApiError } from '../../domain/errors.js';
import type { Geocoder } from '../../lib/geocoder/types.js';
import type { AnswerOutcome, ApplyAnswer, DeliveryRef, SettleDelivery } from '../contract.js';
import { applyAnswer } from './apply.js';
import { loadContext } from './context.js';
import { recordFallbackReply } from './fallback-reply.js';
import { lookUpAnswerAddress, lookUpBeforePlacing } from './geocode.js';
import { nothingDone, rejected } from './outcome.js';
import { parseAnswer, reasonOf } from './parse.js';

export interface AnswerDeps {
  db: Db;
  log: FastifyBaseLogger;
  /** Typed delivery addresses of drafts to be placed are looked up before the transaction (./geocode.ts). */
  geocoder?: Geocoder | null;
}

/** Another process holds the delivery now: the answer's transaction rolls back, and that process applies it. */
export class DeliveryLost extends Error {}

export function createAnswerApplier({ db, log, geocoder = null }: AnswerDeps): ApplyAnswer {
  const settled = async (tx: Queryable, outcome: AnswerOutcome, settle?: SettleDelivery) => {
    if (settle && !(await settle(tx, outcome))) throw new DeliveryLost('the delivery was taken over');
    return outcome;
  };

  const refuse = async (ref: DeliveryRef, reason: string, settle?: SettleDelivery): Promise<AnswerOutcome> => {
    log.warn(
      { delivery_id: ref.deliveryId, conversation_id: ref.conversationId, reason },
      'chatbot answer not applied; the customer gets the fallback reply',
    );
    return transactionRetrying(db, async (tx) => {
      const ctx = await loadContext(tx, ref.conversationId);
      await recordFallbackReply(tx, ctx.conversation, ctx.customer.language);
      return settled(tx, rejected(reason), settle);
    });
  };

  return async (ref, response, settle) => {
    const parsed = parseAnswer(response);
    // Settling is one statement: no transaction to open for it.
    if (parsed.kind === 'nothing') return settle ? settled(db, nothingDone(), settle) : nothingDone();
    if (parsed.kind === 'rejected') return refuse(ref, parsed.reason, settle);
    try {
      await lookUpBeforePlacing(db, geocoder, ref.conversationId, parsed.answer);
      const lookup = await lookUpAnswerAddress(db, geocoder, parsed.answer);
      // A deadlock's victim runs again (src/db/retry.ts) rather than losing the answer: the whole answer is
      // this transaction, so a second run repeats nothing outside it.
      return await transactionRetrying(db, async (tx) =>
        settled(tx, await applyAnswer(tx, ref, parsed.answer, { geocoder, lookup }), settle),
      );
    } catch (err) {
      // A part of the answer the domain refuses (a foreign location, a reply it cannot send…): none of it applies.
      if (err instanceof ApiError) return refuse(ref, reasonOf(err), settle);
      throw err;
    }
  };
}
