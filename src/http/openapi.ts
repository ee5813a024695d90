import type { SwaggerOptions } from '@fastify/swagger';

export const openapiOptions: SwaggerOptions = {
  openapi: {
    openapi: '3.1.0',
    info: {
      title: 'Ordering Platform API',
      version: '2026-05-01',
      description:
        'Public surface /v1 (organization and location keys, svc_org_) and admin surface /admin/v1 (admin keys, svc_admin_).',
    },
    components: {
      securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' } },
    },
    security: [{ apiKey: [] }],
  },
  refResolver: { buildLocalReference: (json, _base, _fragment, i) => (json.$id as string) ?? `def-${i}` },
};
