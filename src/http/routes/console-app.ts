/**
 * The console's page (docs/console.md): one HTML shell, its style sheet, and the script bundled from
 * console/app.tsx by esbuild (the project's own build tool) once per process, at the first request, in
 * memory. Same origin only: the content security policy lets nothing else in.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { FastifyPluginAsync } from 'fastify';

const root = (file: string) => fileURLToPath(new URL(`../../../console/${file}`, import.meta.url));

const SHELL = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Console</title>
<link rel="stylesheet" href="/console/app.css">
</head>
<body>
<div id="app"></div>
<noscript>The console needs JavaScript.</noscript>
<script type="module" src="/console/app.js"></script>
</body>
</html>
`;

const CSP = "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

let bundle: Promise<string> | undefined;
async function build(): Promise<string> {
  const { build: esbuild } = await import('esbuild');
  const out = await esbuild({
    entryPoints: [root('app.tsx')],
    bundle: true,
    write: false,
    format: 'esm',
    minify: true,
    target: 'es2022',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    legalComments: 'none',
  });
  return out.outputFiles[0].text;
}

export const consoleAppRoutes: FastifyPluginAsync = async (app) => {
  const config = { console: true as const };
  const schema = { hide: true };
  app.addHook('onSend', async (_req, reply) => {
    reply.header('content-security-policy', CSP);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'same-origin');
  });
  app.get('/', { config, schema }, async (_req, reply) => reply.type('text/html; charset=utf-8').send(SHELL));
  app.get('/app.css', { config, schema }, async (_req, reply) =>
    reply.type('text/css; charset=utf-8').send(await readFile(root('console.css'), 'utf8')),
  );
  app.get('/app.js', { config, schema }, async (_req, reply) => {
    bundle ??= build().catch((err) => {
      bundle = undefined;
      throw err;
    });
    return reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(await bundle);
  });
};
