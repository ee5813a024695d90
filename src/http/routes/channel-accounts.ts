import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { receiveInbound } from '../../channels/inbound.js';
import {
  ChannelAccountCreate,
  ChannelAccountsQuery,
  ChannelAccountUpdate,
} from '../../contracts/rest/channel-accounts.js';
import { errorResponses, ListOf } from '../../contracts/rest/common.js';
import { TestInboundMessage } from '../../contracts/rest/conversations.js';
import { IdParam } from '../../contracts/rest/ids.js';
import type { Db } from '../../db/client.js';
import * as accounts from '../../domain/conversations/channel-accounts.js';
import { canonicalLanguage } from '../../domain/conversations/customers.js';
import { toMessage } from '../../domain/conversations/messages.js';
import { normalizePhone } from '../../domain/conversations/phone.js';
import type { InboundMessage } from '../../domain/conversations/types.js';
import { ApiError, invalidParam, missingParam, notFound } from '../../domain/errors.js';
import { carriedAs } from '../../domain/idempotency.js';
import { inboundKey } from '../plugins/flood.js';
import { sendCreated } from '../plugins/idempotency.js';
import { listEnvelope } from '../reply.js';

const tags = ['Channel accounts'];
const params = IdParam('channel_account_id');
const one = { 200: Type.Ref('ChannelAccount'), ...errorResponses };
type TestInbound = typeof TestInboundMessage.static;

function normalizedOr(phone: string): string {
  try {
    return normalizePhone(phone);
  } catch {
    return phone;
  }
}

/** The test channel's customer message, as the WhatsApp adapter would hand it over. */
function testInbound(body: TestInbound): InboundMessage {
  let phone: string;
  try {
    phone = normalizePhone(body.from.phone);
  } catch (err) {
    throw invalidParam('from.phone', (err as Error).message);
  }
  if (body.reply !== undefined && (body.text !== undefined || body.location !== undefined)) {
    // As on WhatsApp, a tapped choice is a message of its own: its text is the choice's title.
    throw new ApiError(
      'invalid_request_error',
      'parameters_exclusive',
      'A reply choice comes without text or location.',
      {
        details: { parameters: ['reply', body.text !== undefined ? 'text' : 'location'] },
      },
    );
  }
  if (body.text === undefined && body.location === undefined && body.reply === undefined) {
    throw missingParam('text', 'A message needs text, a location (or both), or a reply choice.');
  }
  const language = body.from.language ? canonicalLanguage('from.language', body.from.language) : null;
  const from = { phone, name: body.from.name ?? null, language };
  const common = { from, channel_message_id: `test_${randomUUID()}`, sent_at: new Date() };
  if (body.reply) {
    const { id, title, description } = body.reply;
    return { ...common, type: 'reply', text: title, reply: { id, title, description: description ?? null } };
  }
  return {
    ...common,
    type: body.location ? 'location' : 'text',
    text: body.text ?? null,
    location: body.location,
  };
}

export const channelAccountRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.post('/channel_accounts', {
    schema: {
      tags,
      operationId: 'createChannelAccount',
      summary: 'Create a channel account',
      description:
        "Bound to a location (mode location) or an organization (mode businessOrganization). WhatsApp secrets are write-only: responses show whether each is set, and the access token's last four characters.",
      body: ChannelAccountCreate,
      response: { 201: Type.Ref('ChannelAccount'), ...errorResponses },
    },
    config: { idempotent: true },
    handler: (req, reply) => sendCreated(db, req, reply, (tx) => accounts.createChannelAccount(tx, req.body)),
  });

  app.get('/channel_accounts', {
    schema: {
      tags,
      operationId: 'listChannelAccounts',
      summary: 'List channel accounts',
      querystring: ChannelAccountsQuery,
      response: { 200: ListOf(Type.Ref('ChannelAccount')), ...errorResponses },
    },
    handler: async (req) => listEnvelope(req, await accounts.listChannelAccounts(db, req.query)),
  });

  app.get('/channel_accounts/:channel_account_id', {
    schema: { tags, operationId: 'getChannelAccount', summary: 'Retrieve a channel account', params, response: one },
    handler: async (req) => accounts.getChannelAccount(db, req.params.channel_account_id),
  });

  app.patch('/channel_accounts/:channel_account_id', {
    schema: {
      tags,
      operationId: 'updateChannelAccount',
      summary: 'Update a channel account (name, WhatsApp settings and secrets)',
      description: 'The channel and the binding are fixed. A secret sent replaces the stored one.',
      params,
      body: ChannelAccountUpdate,
      response: one,
    },
    handler: async (req) => {
      const id = req.params.channel_account_id;
      const updated = await db.transaction((tx) => accounts.updateChannelAccount(tx, id, req.body));
      // This process at once (a rotated app secret signs the next notification); the others at the trigger's NOTIFY.
      app.accessCache.forgetAccount(id);
      return updated;
    },
  });

  app.post('/channel_accounts/:channel_account_id/inbound_messages', {
    schema: {
      tags,
      operationId: 'createTestInboundMessage',
      summary: 'Send a customer message on a test channel account',
      description:
        'Exactly as if it had come from a real channel: the customer is found (or created) by phone, the conversation opened, the message stored and handed to the message webhook. Answers with the stored message. While the chatbot deliveries are behind (INBOUND_QUEUE_LAG_LIMIT_MS), 503 with Retry-After and nothing stored: retry with the same Idempotency-Key (docs/message-webhook.md, Backpressure).',
      params,
      body: TestInboundMessage,
      response: { 201: Type.Ref('Message'), ...errorResponses },
    },
    // Backpressure after validation (bad input is a 400 whatever the load) and before the idempotency
    // claim: a refusal costs the database nothing; claiming and releasing a key for it cost two statements
    // on the connection the deliveries need (on PGlite, the only one).
    config: { idempotent: true, beforeClaim: () => app.webhooks.backpressure.check('test') },
    handler: async (req, reply) => {
      let slowedDown: string | null = null;
      // A phone that does not normalise is refused inside, after the account's 404: its key is only a key.
      const key = inboundKey(req.params.channel_account_id, normalizedOr(req.body.from.phone));
      await app.inboundSerial.run(key, () =>
        sendCreated(db, req, reply, async (tx, carry) => {
          const id = req.params.channel_account_id;
          const account = await app.accessCache.channelAccount(tx, id);
          if (!account) throw notFound('channel_account', id);
          if (account.channel !== 'test') {
            throw invalidParam(
              'channel_account_id',
              `Channel account '${account.id}' is a ${account.channel} account: its messages arrive through its webhook.`,
            );
          }
          // The message's statement writes the idempotency completion too: the response is that message.
          const carried = carry ? carriedAs(carry, toMessage) : undefined;
          const { recorded, replied } = await receiveInbound(tx, app.flood, account, testInbound(req.body), carried);
          if (replied) slowedDown = recorded.conversation.id;
          return toMessage(recorded.message);
        }),
      );
      if (slowedDown) app.outbound.kick(slowedDown);
      return reply;
    },
  });
};
