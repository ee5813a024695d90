import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { errorResponses, ListOf, ListQuery, surfaceOperationId } from '../../contracts/rest/common.js';
import { AdminConversationsQuery, ConversationsQuery, ReplyCreate } from '../../contracts/rest/conversations.js';
import { IdParam } from '../../contracts/rest/ids.js';
import type { Db } from '../../db/client.js';
import * as conversations from '../../domain/conversations/conversations.js';
import { listMessages, recordOutboundMessage, toMessage } from '../../domain/conversations/messages.js';
import { getConversationDetail } from '../../domain/conversations/order-quote.js';
import { visibilityOf } from '../../domain/conversations/scope.js';
import { sendCreated } from '../plugins/idempotency.js';
import { listEnvelope } from '../reply.js';

const tags = ['Conversations'];
const params = IdParam('conversation_id');

/**
 * The same reads on both surfaces: an admin key sees every conversation, a public key those of its
 * scope (docs/conversations.md). Only the admin surface writes to a customer.
 */
export const conversationRoutes =
  (surface: 'public' | 'admin'): FastifyPluginAsyncTypebox<{ db: Db }> =>
  async (app, { db }) => {
    const op = (name: string) => surfaceOperationId(surface === 'admin' ? '/admin/' : '/', name);
    const read = { permission: 'conversations.read' };

    app.get('/conversations', {
      schema: {
        tags,
        operationId: op('listConversations'),
        summary: 'List conversations',
        querystring: surface === 'admin' ? AdminConversationsQuery : ConversationsQuery,
        response: { 200: ListOf(Type.Ref('Conversation')), ...errorResponses },
      },
      config: read,
      handler: async (req) =>
        listEnvelope(req, await conversations.listConversations(db, visibilityOf(req.principal), req.query)),
    });

    app.get('/conversations/:conversation_id', {
      schema: {
        tags,
        operationId: op('getConversation'),
        summary: 'Retrieve a conversation, with its order draft priced',
        description:
          '`order_quote` is the draft priced now at the conversation’s location, as `POST …/order_quotes` would answer; lists leave it out (pricing reads the location’s menu and settings).',
        params,
        response: { 200: Type.Ref('ConversationDetail'), ...errorResponses },
      },
      config: read,
      handler: async (req) =>
        getConversationDetail(db, visibilityOf(req.principal), req.params.conversation_id, app.geocoder),
    });

    app.get('/conversations/:conversation_id/messages', {
      schema: {
        tags,
        operationId: op('listConversationMessages'),
        summary: "List a conversation's messages, both directions, oldest first",
        params,
        querystring: ListQuery,
        response: { 200: ListOf(Type.Ref('Message')), ...errorResponses },
      },
      config: read,
      handler: async (req) => {
        const c = await conversations.getConversationRow(db, visibilityOf(req.principal), req.params.conversation_id);
        return listEnvelope(req, await listMessages(db, c.id, req.query));
      },
    });

    if (surface !== 'admin') return;

    app.post('/conversations/:conversation_id/messages', {
      schema: {
        tags,
        operationId: 'createConversationMessage',
        summary: 'Send a message to the customer',
        description:
          'Stored as pending and sent through the channel right after; a failed send is retried with backoff. Follow `status` and `delivery` in the messages list.',
        params,
        body: ReplyCreate,
        response: { 201: Type.Ref('Message'), ...errorResponses },
      },
      config: { idempotent: true },
      handler: async (req, reply) => {
        const id = req.params.conversation_id;
        await sendCreated(db, req, reply, async (tx) => {
          const c = await conversations.getConversationRow(tx, { kind: 'all' }, id);
          return toMessage(await recordOutboundMessage(tx, c, req.body));
        });
        if (reply.statusCode === 201) app.outbound.kick(id);
        return reply;
      },
    });
  };
