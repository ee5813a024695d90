import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db, Queryable } from '../../db/client.js';
import { isConnectionFailure } from '../../db/errors.js';
import { ApiError } from '../../domain/errors.js';
import {
  type CarriedCompletion,
  type Claim,
  claim,
  claimTakenOver,
  complete,
  completionClause,
  fingerprint,
  release,
  restate,
} from '../../domain/idempotency.js';
import { type Instance, startInstance } from '../../domain/instances.js';
import { pendingReleases } from '../pending-releases.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A resource-creating POST: needs Idempotency-Key. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotency: { claim: Claim; done: boolean } | null;
  }
}

const KEY_SHAPE = /^[\x20-\x7e]{1,255}$/;

function idempotencyKeyOf(request: FastifyRequest): string {
  const value = request.headers['idempotency-key'];
  if (value === undefined) {
    throw new ApiError(
      'invalid_request_error',
      'idempotency_key_missing',
      'This request creates a resource and needs an Idempotency-Key header.',
      { param: 'Idempotency-Key' },
    );
  }
  if (typeof value !== 'string' || !KEY_SHAPE.test(value)) {
    throw new ApiError(
      'invalid_request_error',
      'parameter_invalid',
      'Idempotency-Key must be 1 to 255 printable ASCII characters.',
      { param: 'Idempotency-Key' },
    );
  }
  return value;
}

/**
 * The header is checked with validation (a 400 comes before scope checks); the key is claimed
 * after them, in `claimIdempotency`, which the surfaces run as their last preHandler.
 *
 * Claims are made in the name of this app's live instance, registered at the first claim (so an app
 * that never serves a creating POST, like the OpenAPI generator's, touches no table) and removed on close.
 */
export default fp(async (app: FastifyInstance, { db }: { db: Db }) => {
  app.decorateRequest('idempotency', null);
  const unreleased = pendingReleases(db, app.log);
  app.addHook('onClose', async () => unreleased.close());

  let instance: Promise<Instance> | undefined;
  const live = () => {
    instance ??= startInstance(db, (err) => app.log.warn({ err }, 'instance heartbeat failed')).catch((err) => {
      instance = undefined;
      throw err;
    });
    return instance;
  };
  app.addHook('onClose', async () => {
    const registered = await instance?.catch(() => undefined);
    await registered?.stop();
  });

  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.config.idempotent) idempotencyKeyOf(request);
  });

  app.decorate('claimIdempotency', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.routeOptions.config.idempotent) return;
    const key = idempotencyKeyOf(request);
    const path = request.url.split('?')[0];
    await unreleased.before(request.principal.keyId, key);
    const apiKeyId = request.principal.keyId;
    const token = randomUUID();
    const instanceId = (await live()).id;
    let result: Awaited<ReturnType<typeof claim>>;
    try {
      result = await claim(
        db,
        apiKeyId,
        key,
        fingerprint(request.method, path, request.body),
        request.id,
        instanceId,
        token,
      );
    } catch (err) {
      // The claim may have committed with its answer lost: left alone it would answer every retry with
      // 409 request_in_flight for as long as this process lives. Releasing by token undoes only that.
      if (isConnectionFailure(err)) unreleased.add({ apiKeyId, key, token });
      throw err;
    }
    if (result.kind === 'replay') {
      return reply
        .code(result.status)
        .header('Idempotent-Replayed', 'true')
        .type('application/json; charset=utf-8')
        .send(result.body);
    }
    request.idempotency = { claim: result.claim, done: false };
  });

  // Outcomes not stored with the resource: a 4xx is kept for replay, a 5xx frees the key for a retry.
  // Either only while the claim is still this request's. While the database is unreachable neither can be
  // written: the key is freed once it is back.
  app.addHook('onSend', async (request, reply, payload) => {
    const state = request.idempotency;
    if (!state || state.done) return payload;
    state.done = true;
    try {
      if (reply.statusCode >= 500) await release(db, state.claim);
      else await complete(db, state.claim, reply.statusCode, String(payload ?? ''));
    } catch (err) {
      // Every response here is an error (sendCreated stores its own success): nothing was committed.
      if (isConnectionFailure(err)) unreleased.add(state.claim);
      else request.log.error({ err }, 'could not settle idempotency record');
    }
    return payload;
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    claimIdempotency(request: FastifyRequest, reply: FastifyReply): Promise<unknown>;
  }
}

/**
 * Creates a resource and records the idempotent response in one transaction, then sends it.
 * The body is serialized by the route's response schema before commit, so a replay is byte-identical.
 * `create` may hand `carry` to the statement that creates the resource, which then writes the completion
 * too (CarriedCompletion): one statement fewer. A body carried that differs from the one sent is rewritten.
 */
export async function sendCreated<T>(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  create: (tx: Queryable, carry: CarriedCompletion<T> | null) => Promise<T>,
  options: { status?: number; storeAs?: (body: string) => string } = {},
) {
  const status = options.status ?? 201;
  reply.code(status);
  const stored = (body: string) => (options.storeAs ? options.storeAs(body) : body);
  const payload = await db.transaction(async (tx) => {
    const state = request.idempotency;
    const carried: { body: string | null; completed: number | null } = { body: null, completed: null };
    const carry: CarriedCompletion<T> | null = state && {
      clause: (resource, first, guard) => {
        carried.body = reply.serialize(resource) as string;
        return completionClause(state.claim, status, stored(carried.body), first, guard);
      },
      done: (completed) => {
        carried.completed = completed;
      },
    };
    const resource = await create(tx, carry);
    const body = reply.serialize(resource) as string;
    if (!state) return body;
    // A retry took the claim over (this process looked dead): its attempt is the one that counts.
    const ours =
      carried.completed === null ? await complete(tx, state.claim, status, stored(body)) : carried.completed > 0;
    if (!ours) {
      state.done = true;
      throw claimTakenOver();
    }
    if (carried.completed !== null && carried.body !== body) await restate(tx, state.claim, status, stored(body));
    return body;
  });
  if (request.idempotency) request.idempotency.done = true;
  return reply.type('application/json; charset=utf-8').send(payload);
}
