import { existsSync, readFileSync } from 'node:fs';
import { type Db, openDb } from '../../src/db/client.js';
import { migrate } from '../../src/db/migrate.js';

export const TEMPLATE = '.cache/test-template.tgz';

let shared: Promise<Db> | undefined;

/**
 * One database per test process. On PostgreSQL every process shares the server's database and
 * isolates by data; on PGlite each process loads the migrated template that `npm test` made once.
 */
export function testDb(): Promise<Db> {
  shared ??= (async () => {
    const url = process.env.DATABASE_URL;
    if (url) {
      const db = await openDb({ databaseUrl: url });
      await migrate(db);
      return db;
    }
    const db = existsSync(TEMPLATE)
      ? await openDb({ loadDataDir: new Blob([readFileSync(TEMPLATE)]) })
      : await openDb({});
    await migrate(db);
    return db;
  })();
  return shared;
}
