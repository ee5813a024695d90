// Builds the server to plain JavaScript for `npm start`: one ESM bundle of src/ (packages stay imports from
// node_modules) plus the migrations it reads at run time. Running TypeScript through a loader cost about a
// second and 100 MB at every start (bench/results/start.md); a build costs about 0.3 s once.
//
//   node scripts/build.mjs             build dist/
//   node scripts/build.mjs --if-stale  build only when a file under src/ (or this script, or the lock file)
//                                      is newer than the last build.
// `npm start` runs scripts/start.mjs, which does the --if-stale check and then runs the server in the
// same process.
import { cpSync, existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'dist');
const stamp = join(out, 'main.js');

function newest(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const entry of readdirSync(path)) max = Math.max(max, newest(join(path, entry)));
  return max;
}

export function stale() {
  if (!existsSync(stamp)) return true;
  const built = statSync(stamp).mtimeMs;
  const inputs = [join(root, 'src'), fileURLToPath(import.meta.url), join(root, 'package-lock.json')];
  return inputs.some((p) => existsSync(p) && newest(p) > built);
}

export async function build() {
  // Loaded only when it builds: most starts need no build.
  const esbuild = await import('esbuild');
  // Built beside dist/ and swapped in, so a server starting meanwhile never reads a half-written bundle.
  const next = `${out}.${process.pid}`;
  await esbuild.build({
    entryPoints: [join(root, 'src/main.ts')],
    outfile: join(next, 'main.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Packages are bundled too: resolving and loading some 400 files of node_modules one by one was about
    // 0.15 CPU-s of every start. These stay imports: PGlite reads its WebAssembly and data files next to its
    // own module, pg and ioredis are loaded only when DATABASE_URL or REDIS_URL asks for them
    // (src/db/pg-module.ts), Swagger UI (loaded at the first /docs request) serves its page's files from its
    // own folder, and esbuild is the build itself.
    external: [
      '@electric-sql/pglite',
      '@electric-sql/pglite/*',
      'pg',
      'pg-native',
      'ioredis',
      '@fastify/swagger-ui',
      'esbuild',
    ],
    // Bundled CommonJS packages call require() for Node's own modules; an ES module has no require of its own.
    banner: {
      js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);",
    },
    sourcemap: 'linked',
    logLevel: 'warning',
    // Error messages keep class and function names (they show in logs).
    keepNames: true,
  });
  // src/db/migrate.ts reads the migrations next to itself; in the bundle "itself" is dist/main.js.
  cpSync(join(root, 'src/db/migrations'), join(next, 'migrations'), { recursive: true });
  rmSync(out, { recursive: true, force: true });
  renameSync(next, out);
}

// Run as a command (not imported by scripts/start.mjs).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!process.argv.includes('--if-stale') || stale()) await build();
}
