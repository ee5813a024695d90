/**
 * The console's sign-in (docs/console.md): /console/login opens a session whose cookie (`svc_session`,
 * HttpOnly, SameSite=Lax, Secure outside localhost) the browser sends back; every change a session makes
 * carries the session's CSRF token in `X-CSRF-Token` and comes from the console's own origin. API keys mean
 * nothing here, and sessions mean nothing on /v1 and /admin/v1 (src/http/plugins/access.ts refuses them).
 */
import cookie from '@fastify/cookie';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { ApiError } from '../../domain/errors.js';
import { type Ability, ROLE_ABILITIES, requireAbility } from '../../domain/users/roles.js';
import { login, logout, logoutEverywhere, type Session, sessionOf } from '../../domain/users/sessions.js';
import { rateLimited } from '../plugins/access.js';
import type { RateLimitStore } from '../rate-limit-store.js';
import { consoleAccountRoutes } from './console-account.js';
import { consoleAppRoutes } from './console-app.js';
import { consoleConversationRoutes } from './console-conversations.js';
import { consoleKitchenRoutes } from './console-kitchen.js';
import { consoleOrderRoutes } from './console-orders.js';
import { consoleSummaryRoutes } from './console-summary.js';
import { consoleUserRoutes } from './console-users.js';

export const SESSION_COOKIE = 'svc_session';
/** Login attempts per client address a minute (on top of the lock after five failures of one user). */
const LOGINS_PER_MINUTE = 20;

export interface ConsoleAuthOptions {
  db: Db;
  store: RateLimitStore;
  loginsPerMinute?: number;
  streamPollMs?: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A console route: no API key, its own authentication; 'session': a live console session is needed. */
    console?: true | 'session';
    /** What the user's role must allow (src/domain/users/roles.ts); every /console/api route names one. */
    ability?: Ability;
  }
  interface FastifyRequest {
    consoleSession: Session | null;
  }
}

const sessionMissing = () =>
  new ApiError('authentication_error', 'session_missing', 'Log in at /console first: this needs a console session.');
const csrfInvalid = (why: string) => new ApiError('authorization_error', 'csrf_token_invalid', why);

const isLocal = (host: string) => /^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/.test(host);

function cookieOptions(request: FastifyRequest) {
  const host = request.headers.host ?? '';
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    // A browser keeps a Secure cookie over https only; plain http is for a machine's own localhost.
    secure: request.protocol === 'https' || !isLocal(host),
  };
}

/** A change from a page of another origin (a form posted from elsewhere) is refused, whatever it carries. */
function checkOrigin(request: FastifyRequest) {
  const origin = request.headers.origin;
  if (origin === undefined) return;
  let same: boolean;
  try {
    // Both sides through URL, so that a default port written out (`:80`) or left out compares equal.
    same = new URL(origin).origin === new URL(`${request.protocol}://${request.headers.host}`).origin;
  } catch {
    throw csrfInvalid('The Origin header is not a URL.');
  }
  if (!same) throw csrfInvalid(`A change from another origin (${origin}) is refused.`);
}

const SessionOut = Type.Object({
  object: Type.Literal('console_session'),
  user: Type.Ref('User'),
  csrf_token: Type.String(),
  expires_at: Type.String(),
  /** What the user's role allows: the page shows only these tabs and buttons (the server checks anyway). */
  abilities: Type.Array(Type.String()),
});
const sessionOut = (s: Session) => ({
  object: 'console_session' as const,
  user: s.user,
  csrf_token: s.csrfToken,
  expires_at: s.expiresAt.toISOString(),
  abilities: [...ROLE_ABILITIES[s.user.role]],
});

const hide = true;

/** A console API route without a named ability would be open to every role: refused at start instead. */
export function checkConsoleRoute(route: { method: string | string[]; url: string; config?: unknown }) {
  const config = route.config as { console?: string; ability?: Ability } | undefined;
  if (route.url.startsWith('/console/api') && (config?.console !== 'session' || !config.ability)) {
    throw new Error(`${route.method} ${route.url}: a console API route needs a session and an ability.`);
  }
}

export const consoleAuthRoutes: FastifyPluginAsyncTypebox<ConsoleAuthOptions> = async (
  app,
  { db, store, loginsPerMinute = LOGINS_PER_MINUTE, streamPollMs },
) => {
  await app.register(cookie);
  // A login form posts urlencoded fields; everything else is JSON.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  app.decorateRequest('consoleSession', null);
  app.addHook('onRoute', checkConsoleRoute);
  // Before the body is validated: a request without a session learns it needs one, not what its body lacked.
  app.addHook('preValidation', async (request: FastifyRequest) => {
    if (request.routeOptions.config.console !== 'session') return;
    const token = request.cookies[SESSION_COOKIE];
    const session = token ? await sessionOf(db, token) : null;
    if (!session) throw sessionMissing();
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      checkOrigin(request);
      if (request.headers['x-csrf-token'] !== session.csrfToken) {
        throw csrfInvalid("A change needs the session's token in X-CSRF-Token (GET /console/session gives it).");
      }
    }
    // After the session and CSRF checks, before the body: a role that may not learns that, not a 400.
    const ability = request.routeOptions.config.ability;
    if (ability) requireAbility(session.user.role, ability);
    request.consoleSession = session;
  });
  const ended = (reply: FastifyReply, request: FastifyRequest) =>
    reply.clearCookie(SESSION_COOKIE, cookieOptions(request));

  app.post('/login', {
    schema: {
      hide,
      body: Type.Object({
        email: Type.String({ minLength: 1, maxLength: 254 }),
        password: Type.String({ minLength: 1, maxLength: 1000 }),
      }),
      response: { 200: SessionOut },
    },
    config: { console: true },
    handler: async (req, reply) => {
      checkOrigin(req);
      const taken = await store.take([{ bucket: `console-login:${req.ip}`, limit: loginsPerMinute }], 60_000);
      if (taken.refused >= 0) throw rateLimited(taken.resetAt, loginsPerMinute, 60_000);
      const { token, session } = await login(db, req.body.email, req.body.password);
      req.log.info({ user_id: session.user.id }, 'console login');
      reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(req), expires: session.expiresAt });
      return sessionOut(session);
    },
  });

  app.get('/session', {
    schema: { hide, response: { 200: SessionOut } },
    config: { console: 'session' },
    handler: async (req) => sessionOut(req.consoleSession as Session),
  });

  app.post('/logout', {
    schema: { hide },
    config: { console: 'session' },
    handler: async (req, reply) => {
      await logout(db, (req.consoleSession as Session).id);
      return ended(reply, req).code(204).send();
    },
  });

  app.post('/logout_everywhere', {
    schema: {
      hide,
      response: { 200: Type.Object({ object: Type.Literal('logout'), sessions_ended: Type.Integer() }) },
    },
    config: { console: 'session' },
    handler: async (req, reply) => {
      const n = await logoutEverywhere(db, (req.consoleSession as Session).user.id);
      ended(reply, req);
      return { object: 'logout' as const, sessions_ended: n };
    },
  });

  // Inside this plugin, so that its cookie parsing and session check are theirs too.
  await app.register(consoleOrderRoutes, { db, pollMs: streamPollMs });
  await app.register(consoleConversationRoutes, { db });
  await app.register(consoleKitchenRoutes, { db });
  await app.register(consoleSummaryRoutes, { db });
  await app.register(consoleUserRoutes, { db });
  await app.register(consoleAccountRoutes, { db });
  await app.register(consoleAppRoutes);
};
