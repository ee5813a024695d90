import scalar from '@scalar/fastify-api-reference';
import type { FastifyPluginAsync } from 'fastify';
import { servers } from '../openapi.js';

/** Where the interactive API reference is served (Scalar); `/docs` redirects to `/docs/`. */
export const REFERENCE_PREFIX = '/docs';

/**
 * The OpenAPI document at `GET /openapi.json`, exactly as `npm run openapi` writes openapi.json, and an
 * interactive reference of it at `GET /docs/` (Scalar). Like /healthz these are operations endpoints: no
 * key, no rate limit, not in the document. The page works offline: its script is served from the
 * installed package at /docs/js/scalar.js, and it loads no fonts, telemetry or AI agent from elsewhere.
 */
export const referenceRoutes: FastifyPluginAsync = async (app) => {
  // Scalar's routes too: they are declared within this plugin, so this hook sees them.
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

  await app.register(scalar, {
    routePrefix: REFERENCE_PREFIX,
    configuration: {
      // The document above, not a copy of it: the download button fetches the same bytes.
      url: '/openapi.json',
      pageTitle: 'Ordering Platform API reference',
      // Nothing from outside the machine: the system fonts, and none of Scalar's hosted services.
      withDefaultFonts: false,
      telemetry: false,
      agent: { disabled: true },
      mcp: { disabled: true },
      hideClientButton: true,
      // Scalar's toolbar (shown on localhost) links to its hosted services.
      showDeveloperTools: 'never',
      // "Test request" goes to the server that serves the page first, wherever it runs; then the document's.
      servers: [{ url: '/', description: 'The server serving this page' }, ...servers],
    },
  });
};
