import type { FastifyRequest } from 'fastify';

/** The list envelope; `url` is the request path without its query string. */
export function listEnvelope<T>(request: FastifyRequest, page: { data: T[]; has_more: boolean }) {
  return { object: 'list' as const, data: page.data, has_more: page.has_more, url: request.url.split('?')[0] };
}
