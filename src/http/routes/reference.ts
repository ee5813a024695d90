import swaggerUi from '@fastify/swagger-ui';
import type { FastifyPluginAsync } from 'fastify';

/** Where the interactive API reference is served (Swagger UI). */
export const REFERENCE_PREFIX = '/docs';

/**
 * The OpenAPI document at `GET /openapi.json`, exactly as `npm run openapi` writes openapi.json, and an
 * interactive reference of it at `GET /docs` (Fastify's Swagger UI plugin). Like /healthz these are
 * operations endpoints: no key, no rate limit, not in the document. The page works offline: its scripts,
 * styles and images are served from the installed swagger-ui-dist files, and the validator badge (which
 * would send the document to validator.swagger.io) is off.
 */
export const referenceRoutes: FastifyPluginAsync = async (app) => {
  // The plugin's routes too: they are declared within this plugin, so this hook sees them.
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, operational: true };
    route.schema = { ...route.schema, hide: true };
  });

  let document: string | undefined;
  app.get('/openapi.json', async (_request, reply) => {
    // Built on first use: every route is known by then, and the document never changes in a process.
    document ??= `${JSON.stringify(app.swagger(), null, 2)}\n`;
    return reply.type('application/json; charset=utf-8').send(document);
  });

  await app.register(swaggerUi, {
    routePrefix: REFERENCE_PREFIX,
    // "Try it out" goes to the server that serves the page first, wherever it runs; then the document's.
    transformSpecification: (spec) => ({
      ...spec,
      servers: [{ url: '/', description: 'The server serving this page' }, ...((spec.servers as object[]) ?? [])],
    }),
    theme: { title: 'Ordering Platform API reference' },
    uiConfig: {
      // Operations listed, collapsed; the URL follows the operation opened, so a link can be shared.
      docExpansion: 'list',
      deepLinking: true,
      // Models (the component schemas) are read from each operation; the long list at the end is folded.
      defaultModelsExpandDepth: 0,
      displayOperationId: true,
      filter: true,
      // No request leaves the machine: the badge would send the document to validator.swagger.io.
      validatorUrl: null,
    },
  });
};
