import Fastify, {
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { servers } from '../openapi.js';

/** Where the interactive API reference is served (Scalar); `/docs` redirects to `/docs/`. */
export const REFERENCE_PREFIX = '/docs';

/** Headers of the inner answer that the outer reply sets itself, or that describe the inner connection. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'date']);

/**
 * Scalar's Fastify plugin, in a Fastify instance of its own built at the first /docs request. The package
 * carries a 4 MB script and an OpenAPI parser: loading it at boot cost every start about 0.2 CPU-s and
 * 35 MB (bench/results/start.md), for a page few processes ever serve.
 */
async function buildReference(): Promise<FastifyInstance> {
  const { default: scalar } = await import('@scalar/fastify-api-reference');
  const inner = Fastify();
  await inner.register(scalar, {
    routePrefix: REFERENCE_PREFIX,
    configuration: {
      // The document below, not a copy of it: the download button fetches the same bytes.
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
  await inner.ready();
  return inner;
}

/**
 * The OpenAPI document at `GET /openapi.json`, exactly as `npm run openapi` writes openapi.json, and an
 * interactive reference of it at `GET /docs/` (Scalar). Like /healthz these are operations endpoints: no
 * key, no rate limit, not in the document. The page works offline: its script is served from the
 * installed package at /docs/js/scalar.js, and it loads no fonts, telemetry or AI agent from elsewhere.
 */
export const referenceRoutes: FastifyPluginAsync = async (app) => {
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

  let reference: Promise<FastifyInstance> | undefined;
  app.addHook('onClose', async () => {
    await (await reference)?.close();
  });
  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    reference ??= buildReference().catch((err) => {
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
