import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.js';
import { assertLocationScope, assertOrganizationScope, assertWritePermissions } from '../../domain/principal.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The `resource.action` permission a public key needs for this route. */
    permission?: string;
    /**
     * false when the answer shows nothing of the resource (a delete): a `.write` permission then needs no
     * `.read` beside it. Every other write answers the object and needs both (docs/api-conventions.md).
     */
    answersResource?: boolean;
    /**
     * Runs after validation and the scope checks, before the idempotency claim: a refusal here (the test
     * channel's backpressure) stores nothing, and costs no claim to take back.
     */
    beforeClaim?: () => Promise<void>;
  }
}

/**
 * Runs after validation (a 400 wins over a 403): the route's permission (a write's with its read's),
 * then the scope of every organization or location named in the path, then the route's `beforeClaim`, then
 * the idempotency claim of creating routes.
 */
export default fp(async (app: FastifyInstance, { db }: { db: Db }) => {
  app.addHook('preHandler', async (request, reply) => {
    const principal = request.principal;
    if (!principal) return;
    const { permission, answersResource } = request.routeOptions.config;
    if (permission) assertWritePermissions(principal, permission, answersResource);
    const params = (request.params ?? {}) as Record<string, string | undefined>;
    if (params.organization_id !== undefined) assertOrganizationScope(principal, params.organization_id);
    if (params.location_id !== undefined) {
      await assertLocationScope(db, principal, params.location_id, (q, id) => app.accessCache.organizationOf(q, id));
    }
    await request.routeOptions.config.beforeClaim?.();
    return app.claimIdempotency(request, reply);
  });
});
