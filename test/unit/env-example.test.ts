/**
 * .env.example documents every environment variable the server, the reference chatbot and the terminal
 * chat read (README: "Every variable … is in .env.example"), and names none that nothing reads.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|mjs)$/.test(name) ? [path] : [];
  });
}

/** `env.NAME`, `process.env.NAME` and `env['NAME']` in the code that runs outside tests. */
function variablesRead(): Set<string> {
  const names = new Set<string>();
  for (const file of [...sources('src'), ...sources('chatbot'), ...sources('scripts')]) {
    if (file.startsWith(join('scripts', 'test'))) continue; // the test runner's own
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/\benv(?:\.([A-Z][A-Z0-9_]+)|\[['"]([A-Z][A-Z0-9_]+)['"]\])/g))
      names.add(m[1] ?? m[2]);
  }
  // Standard variables of Node and the shell, not the project's settings.
  for (const own of ['NODE_OPTIONS', 'NODE_ENV', 'PATH', 'HOME', 'CI']) names.delete(own);
  return names;
}

/** Names set or shown commented out (`# NAME=`) in .env.example. */
function variablesDocumented(): Set<string> {
  const text = readFileSync('.env.example', 'utf8');
  return new Set([...text.matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]));
}

test('every variable the code reads is in .env.example', () => {
  const documented = variablesDocumented();
  const missing = [...variablesRead()].filter((name) => !documented.has(name)).sort();
  assert.deepEqual(missing, [], `not in .env.example: ${missing.join(', ')}`);
});

test(".env.example names no variable that nothing reads, but for compose.yaml's own", () => {
  const read = variablesRead();
  const compose = readFileSync('compose.yaml', 'utf8');
  const stale = [...variablesDocumented()].filter((name) => !read.has(name) && !compose.includes(`\${${name}`)).sort();
  assert.deepEqual(stale, []);
});
