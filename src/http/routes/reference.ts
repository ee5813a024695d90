import swagger from '@fastify/swagger';
import Fastify, {
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';

/** Where the interactive API reference is served (Swagger UI). */
export const REFERENCE_PREFIX = '/docs';

/** Headers of the inner answer that the outer reply sets itself, or that describe the inner connection. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'date']);

/**
 * Fastify's Swagger UI plugin in a Fastify instance of its own, built at the first /docs request and fed
 * the served document (@fastify/swagger in static mode). Registered at boot it cost every start about
 * 0.17 s and 0.25 CPU-s (bench/results/start.md), for a page few processes ever serve.
 */
async function buildReference(document: Record<string, unknown>): Promise<FastifyInstance> {
  const { default: swaggerUi } = await import('@fastify/swagger-ui');
  const inner = Fastify();
  await inner.register(swagger, { mode: 'static', specification: { document: document as never } });
  await inner.register(swaggerUi, {
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
  await inner.ready();
  return inner;
}

/**
 * The OpenAPI document at `GET /openapi.json`, exactly as `npm run openapi` writes openapi.json, and an
 * interactive reference of it at `GET /docs` (Fastify's Swagger UI plugin). Like /healthz these are
 * operations endpoints: no key, no rate limit, not in the document. The page works offline: its scripts,
 * styles and images are served from the installed swagger-ui-dist files, and the validator badge (which
 * would send the document to validator.swagger.io) is off.
 */
export const referenceRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, operational: true };
    route.schema = { ...route.schema, hide: true };
  });

  let document: string | undefined;
  // Built on first use: every route is known by then, and the document never changes in a process.
  const documentText = () => (document ??= `${JSON.stringify(app.swagger(), null, 2)}\n`);
  app.get('/openapi.json', async (_request, reply) => {
    return reply.type('application/json; charset=utf-8').send(documentText());
  });

  let reference: Promise<FastifyInstance> | undefined;
  app.addHook('onClose', async () => {
    await (await reference)?.close();
  });
  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    reference ??= buildReference(JSON.parse(documentText())).catch((err) => {
      reference = undefined; // a failed load is tried again at the next request
      throw err;
    });
    const res = await (await reference).inject({ method: request.method as 'GET', url: request.url });
    for (const [name, value] of Object.entries(res.headers)) {
      if (value !== undefined && !HOP_BY_HOP.has(name)) reply.header(name, value);
    }
    return reply.code(res.statusCode).send(res.rawPayload);
  };
  app.get(REFERENCE_PREFIX, forward);
  app.get(`${REFERENCE_PREFIX}/*`, forward);
};
