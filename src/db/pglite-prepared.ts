/**
 * Named prepared statements on PGlite, which its `query()` does not offer: every call there parses and
 * plans the text again (an unnamed statement), and for the message path's CTEs that planning is most of
 * a statement's cost (issue 24: about 1.4 ms a call against 0.35 ms prepared). A statement is parsed once
 * per PGlite instance under its name, and each call binds and executes it, in the extended protocol's
 * own messages, as PGlite's `query()` does with its unnamed one (values serialized by the parameter
 * types the statement declared, rows parsed by the instance's parsers).
 *
 * Locks as `query()`: outside a transaction the instance's transaction lock too (a statement must not
 * run inside another caller's open transaction: there is one connection), and always the query lock
 * (`runExclusive`), so that no other statement's messages come between a call's own. The transaction
 * lock is PGlite's `_runExclusiveTransaction`, an internal method: if a version lacks it, `query()` is
 * used unprepared.
 */
import { type PGlite, parse, protocol } from '@electric-sql/pglite';

interface Prepared {
  name: string;
  paramTypes: number[];
}

type Message = { name: string };
type Parsers = Record<number, ((value: string, type: number) => unknown) | undefined>;
interface RowDescription extends Message {
  fields: Array<{ name: string; dataTypeID: number }>;
}
interface DataRow extends Message {
  fields: Array<string | null>;
}

/**
 * The first result's rows, each value through the instance's parser for its type, as PGlite's
 * parseResults makes them. Not parseResults itself: it copies the instance's 316 parsers into a new
 * object at every call, about 0.1 ms, which was a sixth of the message path's work on PGlite
 * (bench/results/webhooks.md).
 */
function rowsOf<T>(messages: Message[], parsers: Parsers): T[] {
  const rows: T[] = [];
  let fields: Array<{ name: string; type: number; parse: Parsers[number] }> | undefined;
  for (const m of messages) {
    if (m.name === 'rowDescription') {
      fields = (m as RowDescription).fields.map((f) => ({
        name: f.name,
        type: f.dataTypeID,
        parse: parsers[f.dataTypeID],
      }));
    } else if (m.name === 'dataRow' && fields) {
      const values = (m as DataRow).fields;
      const row: Record<string, unknown> = {};
      for (let i = 0; i < fields.length; i++) {
        const { name, type, parse: parseValue } = fields[i];
        const v = values[i];
        row[name] = v === null ? null : parseValue ? parseValue(v, type) : v;
      }
      rows.push(row as T);
    } else if (m.name === 'commandComplete') break;
  }
  return rows;
}

const preparedBy = new WeakMap<PGlite, Map<string, Prepared>>();
let counter = 0;

/** Runs the protocol messages of one call; a Sync ends it whatever happened, as PGlite's query() does. */
async function exchange(pglite: PGlite, build: () => Uint8Array[]): Promise<Message[]> {
  const out: Message[] = [];
  try {
    for (const m of build()) out.push(...((await pglite.execProtocol(m, { syncToFs: false })).messages as Message[]));
  } finally {
    out.push(...((await pglite.execProtocol(protocol.serialize.sync(), { syncToFs: false })).messages as Message[]));
  }
  return out;
}

async function prepare(pglite: PGlite, statements: Map<string, Prepared>, sql: string): Promise<Prepared> {
  const name = `pq_${++counter}`;
  const S = protocol.serialize;
  const messages = await exchange(pglite, () => [S.parse({ name, text: sql }), S.describe({ type: 'S', name })]);
  const prepared = { name, paramTypes: parse.parseDescribeStatementResults(messages as never) };
  statements.set(sql, prepared);
  return prepared;
}

type WithTransactionLock = { _runExclusiveTransaction?: <R>(fn: () => Promise<R>) => Promise<R> };

/** A statement outside any transaction, prepared. */
export async function preparedQuery<T>(pglite: PGlite, sql: string, params: unknown[] = []): Promise<T[]> {
  const lock = (pglite as unknown as WithTransactionLock)._runExclusiveTransaction;
  if (!lock) return (await pglite.query<T>(sql, params)).rows;
  return lock.call(pglite, () => preparedInTransaction<T>(pglite, sql, params, false)) as Promise<T[]>;
}

/** A statement inside the caller's transaction (which holds the transaction lock), prepared. */
export async function preparedInTransaction<T>(
  pglite: PGlite,
  sql: string,
  params: unknown[] = [],
  inTransaction = true,
): Promise<T[]> {
  let statements = preparedBy.get(pglite);
  if (!statements) {
    statements = new Map();
    preparedBy.set(pglite, statements);
  }
  const own = statements;
  const rows = await pglite.runExclusive(async () => {
    const { name, paramTypes } = own.get(sql) ?? (await prepare(pglite, own, sql));
    const serializers = pglite.serializers as Record<number, (v: unknown) => string>;
    const values = params.map((v, i) => {
      if (v === null || v === undefined) return null;
      const serialize = serializers[paramTypes[i]];
      return serialize ? serialize(v) : String(v);
    });
    const S = protocol.serialize;
    const messages = await exchange(pglite, () => [
      S.bind({ statement: name, values }),
      S.describe({ type: 'P' }),
      S.execute({}),
    ]);
    return rowsOf<T>(messages, pglite.parsers as Parsers);
  });
  // What PGlite's query() does after a statement outside a transaction: the data folder is kept current.
  if (!inTransaction) await pglite.syncToFs();
  return rows ?? [];
}
