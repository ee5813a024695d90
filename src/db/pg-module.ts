import { createRequire } from 'node:module';
import type PgModule from 'pg';

const require = createRequire(import.meta.url);
let loaded: typeof PgModule | undefined;

/**
 * node-postgres, loaded on first use: the embedded default (PGlite) never needs it, and loading it at
 * every start cost about 15 MB (bench/results/start.md).
 */
export function loadPg(): typeof PgModule {
  if (!loaded) {
    loaded = require('pg') as typeof PgModule;
    // int8 and numeric come back as strings from node-postgres; counts and money fit in a double.
    loaded.types.setTypeParser(20, (v) => Number(v));
    loaded.types.setTypeParser(1700, (v) => Number(v));
  }
  return loaded;
}
