import type { RouteOptions } from 'fastify';

type SecurityRequirement = Record<string, string[]>;

/**
 * The security scheme of the surface a route belongs to (spec "Authentication"): `publicKey` on /v1,
 * `adminKey` on /admin/v1, none elsewhere (channel webhooks authenticate by signature; operations
 * endpoints and the API reference are open).
 */
export function securityFor(url: string): SecurityRequirement[] {
  if (url === '/admin/v1' || url.startsWith('/admin/v1/')) return [{ adminKey: [] }];
  if (url === '/v1' || url.startsWith('/v1/')) return [{ publicKey: [] }];
  return [];
}

/**
 * An onRoute hook: every operation of the OpenAPI document declares its surface's scheme, from its URL, so
 * no route states it by hand. A route that declares `security` itself keeps it. The schema is copied, not
 * changed in place: route files share schema objects between routes.
 */
export function declareSecurity(route: RouteOptions): void {
  if (route.schema?.security !== undefined) return;
  route.schema = { ...route.schema, security: securityFor(route.url) };
}
