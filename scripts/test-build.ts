/**
 * `npm test` compiles the TypeScript its test processes load once, into a folder of its own, instead of
 * every test process loading every module through tsx's loader hooks: on Node 20 those run in a thread
 * of their own and each module's resolve and load is a round trip to it. Importing the server took 3.0 s
 * of CPU with tsx and 1.3 s compiled; a whole test file about 1.1 s less (18 %, six files, alternating
 * runs), for some 200 test processes per run. The
 * compiler is the one tsx uses (esbuild, file by file, the project's tsconfig), so the code that runs
 * is the same. Everything else is linked in place, so a path taken relative to a module (migrations,
 * fixtures, openapi.json, the console's files) finds what it found in the source tree, and processes a
 * test starts (`node --import tsx src/main.ts`) run from the source tree as before.
 */
import { cpSync, existsSync, lstatSync, mkdirSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { build } from 'esbuild';

/** The folders whose TypeScript test processes import. */
const COMPILED = ['src', 'test', 'chatbot', 'client', 'bench'];
/**
 * TypeScript read as files, not run: copied whole (dependency-cruiser's fixtures: through a link it would
 * name them by their real path, outside the folder it was given).
 */
const AS_FILES = ['test/fixtures'];
const NEVER = new Set(['.git', '.cache', 'node_modules']);

const isCompiled = (path: string) => path.endsWith('.ts') && !path.endsWith('.d.ts');

function walk(root: string, dir: string, compile: string[], link: string[]) {
  for (const name of readdirSync(join(root, dir))) {
    const path = join(dir, name);
    if (NEVER.has(name) || AS_FILES.includes(path)) continue;
    if (lstatSync(join(root, path)).isDirectory()) walk(root, path, compile, link);
    else (isCompiled(path) ? compile : link).push(path);
  }
}

/** The folder a run's compiled tree goes in: one per run, so two runs in one checkout do not meet. */
export const buildDir = (root: string) => join(root, '.cache', `test-build-${process.pid}`);

/** Trees left by runs that were killed before they could remove theirs. */
export function removeStaleBuilds(root: string) {
  const cache = join(root, '.cache');
  if (!existsSync(cache)) return;
  for (const name of readdirSync(cache)) {
    const pid = Number(/^test-build-(\d+)$/.exec(name)?.[1]);
    if (!pid || pid === process.pid) continue;
    try {
      process.kill(pid, 0);
    } catch {
      rmSync(join(cache, name), { recursive: true, force: true });
    }
  }
}

export async function buildTests(root: string, out: string): Promise<void> {
  rmSync(out, { recursive: true, force: true });
  const compile: string[] = [];
  const link: string[] = [];
  for (const top of readdirSync(root)) {
    if (NEVER.has(top)) continue;
    if (COMPILED.includes(top)) walk(root, top, compile, link);
    else link.push(top);
  }
  for (const path of link) {
    mkdirSync(dirname(join(out, path)), { recursive: true });
    symlinkSync(join(root, path), join(out, path));
  }
  for (const path of AS_FILES) cpSync(join(root, path), join(out, path), { recursive: true });
  await build({
    entryPoints: compile.map((path) => join(root, path)),
    outdir: out,
    outbase: root,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    tsconfig: join(root, 'tsconfig.json'),
    // `import … with { type: 'json' }` as written: Node 20.10+ reads it.
    supported: { 'import-attributes': true },
    // Stack traces name the TypeScript (`node --enable-source-maps`).
    sourcemap: 'inline',
    logLevel: 'warning',
  });
}

/** A test file named as in the source tree (`test/x.test.ts`), as it is in the compiled tree. */
export const compiledPath = (root: string, out: string, file: string) =>
  join(out, relative(root, resolve(root, file))).replace(/\.ts$/, '.js');
