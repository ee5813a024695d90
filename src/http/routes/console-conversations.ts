/**
 * The console's conversations (docs/console.md): the inbox of the user's locations, a conversation's
 * messages, taking it over from the chatbot, replying as staff (the same outbound path as the chatbot's
 * replies) and handing it back. Registered inside the console's sign-in plugin: every route needs a
 * session, changes its CSRF token.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { PageQuery } from '../../contracts/rest/common.js';
import type { Db } from '../../db/client.js';
import { handBack, staffReply, takeOver } from '../../domain/conversations/takeover.js';
import { checkConversation, draftOf, inboxOf, messagesOf } from '../../domain/users/conversations.js';
import type { Session } from '../../domain/users/sessions.js';

const hide = true;
const config = { console: 'session' as const, ability: 'conversations' as const };
const params = Type.Object({ conversation_id: Type.String({ maxLength: 64 }) });
const MessagesQuery = Type.Object(
  { limit: PageQuery.limit, starting_after: PageQuery.starting_after, ending_before: PageQuery.ending_before },
  { additionalProperties: false },
);

export const consoleConversationRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  const userOf = (req: { consoleSession: Session | null }) => (req.consoleSession as Session).user;

  app.get('/api/conversations', {
    schema: { hide },
    config,
    handler: async (req) => ({ object: 'list', data: await inboxOf(db, userOf(req)) }),
  });

  app.get('/api/conversations/:conversation_id/messages', {
    schema: { hide, params, querystring: MessagesQuery },
    config,
    handler: async (req) => {
      await checkConversation(db, userOf(req), req.params.conversation_id);
      return { object: 'list', ...(await messagesOf(db, req.params.conversation_id, req.query)) };
    },
  });

  // The draft priced now: what the customer would order, its total and what still stops it being placed.
  app.get('/api/conversations/:conversation_id/draft', {
    schema: { hide, params },
    config,
    handler: async (req) => {
      await checkConversation(db, userOf(req), req.params.conversation_id);
      return draftOf(db, req.params.conversation_id, app.geocoder);
    },
  });

  app.post('/api/conversations/:conversation_id/takeover', {
    schema: { hide, params },
    config,
    handler: async (req) => {
      const user = userOf(req);
      await checkConversation(db, user, req.params.conversation_id);
      req.log.info(
        { user_id: user.id, conversation_id: req.params.conversation_id },
        'console: conversation taken over',
      );
      const c = await db.transaction((tx) => takeOver(tx, req.params.conversation_id, user.id));
      return { object: 'conversation_takeover', conversation_id: c.id, taken_over: true };
    },
  });

  app.post('/api/conversations/:conversation_id/handback', {
    schema: { hide, params },
    config,
    handler: async (req) => {
      await checkConversation(db, userOf(req), req.params.conversation_id);
      const c = await db.transaction((tx) => handBack(tx, req.params.conversation_id));
      return { object: 'conversation_takeover', conversation_id: c.id, taken_over: false };
    },
  });

  app.post('/api/conversations/:conversation_id/messages', {
    schema: {
      hide,
      params,
      body: Type.Object({ text: Type.String({ minLength: 1, maxLength: 4096 }) }, { additionalProperties: false }),
    },
    config,
    handler: async (req, reply) => {
      await checkConversation(db, userOf(req), req.params.conversation_id);
      const message = await db.transaction((tx) => staffReply(tx, req.params.conversation_id, req.body.text));
      // Sent after commit by this process's sender, as the chatbot's replies are.
      app.outbound.kick(req.params.conversation_id);
      return reply.code(201).send({ object: 'message', id: message.id, text: message.text, status: message.status });
    },
  });
};
