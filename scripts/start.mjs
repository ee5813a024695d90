// `npm start`: builds dist/ when a source is newer than it (scripts/build.mjs), then runs the server in this
// same process: one Node start instead of two (about 0.1 s of every start, bench/results/start.md).
// npm runs it with `exec`, so SIGTERM sent to npm's process reaches this one.
import { build, stale } from './build.mjs';

if (stale()) await build();
await import('../dist/main.js');
