import { setFlagsFromString } from 'node:v8';

/**
 * PGlite is PostgreSQL compiled to WebAssembly, and V8 recompiles a WebAssembly function with its optimizing
 * compiler once it has run "enough". Node 20's V8 counts enough as 1.8 M (its `--wasm-tiering-budget`), so
 * PostgreSQL's one-off start-up code is optimized too: about 0.4 CPU-s and 0.2 s of every start of the
 * embedded database on a 2-core machine. V8 raised that budget to 13 M since (Node 26's default); this sets
 * Node's older V8 to it before PGlite compiles, so only code that keeps running is optimized. Queries run as
 * fast after it (bench/results/start.md). Node 26 and later keep their own default.
 */
export function deferWasmTierUp() {
  for (const flag of wasmTieringFlags()) setFlagsFromString(flag);
}

/** The same as node options, for a child process that opens PGlite (the test runner's, scripts/test.ts). */
export function wasmTieringFlags(): string[] {
  return Number(process.versions.node.split('.')[0]) < 26 ? ['--wasm-tiering-budget=13000000'] : [];
}
