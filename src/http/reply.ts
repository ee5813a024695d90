import type { FastifyReply, FastifyRequest } from 'fastify';

/** The list envelope; `url` is the request path without its query string. */
export function listEnvelope<T>(request: FastifyRequest, page: { data: T[]; has_more: boolean }) {
  return { object: 'list' as const, data: page.data, has_more: page.has_more, url: request.url.split('?')[0] };
}

/**
 * The list envelope around items that are JSON text already (rendered by the database): written as is, so
 * the response schema's serializer does not run; the items must be the schema's documents.
 */
export function rawListEnvelope(
  request: FastifyRequest,
  reply: FastifyReply,
  page: { data: string[]; has_more: boolean },
) {
  const url = JSON.stringify(request.url.split('?')[0]);
  reply.type('application/json; charset=utf-8');
  return `{"object":"list","data":[${page.data.join(',')}],"has_more":${page.has_more},"url":${url}}`;
}
