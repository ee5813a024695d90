import type { QueryOptions } from './client.js';

/**
 * For a hot statement of a fixed text (every value a parameter): parsed and planned once per PostgreSQL
 * connection (a named prepared statement), not at every call. The message path uses it throughout
 * (bench/results/webhooks.md). On PGlite too (./pglite-prepared.ts).
 */
export const PREPARED: QueryOptions = { prepare: true };
