import type { Queryable } from '../db/client.js';
import { cursorPositions, positionKey } from './cursor-positions.js';
import { ApiError, invalidParam } from './errors.js';

export interface PageParams {
  limit?: number;
  starting_after?: string;
  ending_before?: string;
  created_after?: string;
  created_before?: string;
  updated_after?: string;
  updated_before?: string;
}

export interface Page<T> {
  data: T[];
  has_more: boolean;
}

export interface ListQuery {
  /** Table (or view) name; must have id, created_at and updated_at. */
  table: string;
  /** Scope conditions, e.g. ["organization_id = $1"], with their parameters. */
  where?: string[];
  params?: unknown[];
  /**
   * Equality filters (column → value) on the page only. A cursor is looked up in the scope alone, so an
   * item that stops matching a filter while a client pages (an order changing status) stays a valid cursor.
   */
  filters?: Record<string, unknown>;
  /** Filters that compare timestamps do so strictly unless the list says otherwise. */
  inclusiveCreated?: boolean;
  /** Column holding the cursor id; `id` unless the list pages on another key. */
  cursorColumn?: string;
  /** What each row selects; `*` unless the list adds columns (a correlated subquery on `table`). */
  select?: string;
  /**
   * Rows never leave the scope nor change `created_at`, and are never deleted (orders): a cursor's position,
   * once seen, is kept in process (src/domain/cursor-positions.ts) and its page needs no lookup.
   */
  stablePositions?: boolean;
  /**
   * Newest first (events): the first page holds the latest rows, `starting_after` goes to older ones and
   * `ending_before` to newer ones, each page still newest first.
   */
  descending?: boolean;
}

// The column a list with stable positions adds to each row: its position, taken off before the page returns.
const POS = 'cursor_pos';

export const DEFAULT_LIMIT = 10;

// A list's texts vary only with the filters given (every value is a parameter): few, and hot.
const PREPARED = { prepare: true };

/**
 * Keyset pagination on (created_at, id), ascending unless the list is `descending`. A cursor is resolved to its row's sort key with
 * the same scope as the list, so a cursor from another list is rejected, and every page costs one
 * index range scan whatever its depth. A list with stable positions skips that lookup for a cursor whose
 * place in the same list and scope this process has seen.
 */
export async function listPage<T>(db: Queryable, q: ListQuery, p: PageParams): Promise<Page<T>> {
  if (p.starting_after !== undefined && p.ending_before !== undefined) {
    throw new ApiError(
      'invalid_request_error',
      'parameters_exclusive',
      'starting_after and ending_before cannot be used together.',
      { details: { parameters: ['starting_after', 'ending_before'] } },
    );
  }
  const limit = p.limit ?? DEFAULT_LIMIT;
  const cursorCol = q.cursorColumn ?? 'id';
  const where = [...(q.where ?? [])];
  const params = [...(q.params ?? [])];
  const bind = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const gt = q.inclusiveCreated ? '>=' : '>';
  const lt = q.inclusiveCreated ? '<=' : '<';
  for (const [column, value] of Object.entries(q.filters ?? {})) {
    if (value !== undefined) where.push(`${column} = ${bind(value)}`);
  }
  if (p.created_after) where.push(`created_at ${gt} ${bind(p.created_after)}`);
  if (p.created_before) where.push(`created_at ${lt} ${bind(p.created_before)}`);
  if (p.updated_after) where.push(`updated_at > ${bind(p.updated_after)}`);
  if (p.updated_before) where.push(`updated_at < ${bind(p.updated_before)}`);

  const scope = (q.where ?? []).join(' AND ') || 'true';
  const cursor = p.starting_after ?? p.ending_before;
  const backwards = p.ending_before !== undefined;
  // The direction the query walks from the cursor: towards older rows or newer ones.
  const desc = (q.descending === true) !== backwards;
  const dir = desc ? 'DESC' : 'ASC';
  const order = `ORDER BY created_at ${dir}, ${cursorCol} ${dir}`;
  const stable = q.stablePositions === true;
  const select = `${q.select ?? '*'}${stable ? `, created_at::text AS ${POS}` : ''}`;
  const keyOf = (id: string) => positionKey(q.table, scope, q.params ?? [], id);
  const known = stable && cursor !== undefined ? cursorPositions.get(keyOf(cursor)) : undefined;
  if (cursor === undefined || known !== undefined) {
    if (cursor !== undefined) {
      where.push(`(created_at, ${cursorCol}) ${desc ? '<' : '>'} (${bind(known)}::timestamptz, ${bind(cursor)})`);
    }
    const rows = await db.query<T>(
      `SELECT ${select} FROM ${q.table} WHERE ${where.join(' AND ') || 'true'} ${order} LIMIT ${bind(limit + 1)}`,
      params,
      PREPARED,
    );
    return stable ? learn(rows, limit, backwards, cursorCol, keyOf) : page(rows, limit, backwards);
  }
  // One round trip: the cursor's row (in the list's scope alone, see `filters`) and the page after it. No
  // row at all means no such cursor; a row of nulls, a cursor with nothing after it.
  const cursorAt = bind(cursor);
  const op = desc ? '<' : '>';
  where.push(`(created_at, ${cursorCol}) ${op} (k.cursor_at, k.cursor_id)`);
  const rows = await db.query<T & { [column: string]: unknown }>(
    `SELECT ${stable ? `k.cursor_at::text AS cursor_at_text, ` : ''}p.* FROM (SELECT created_at AS cursor_at, ${cursorCol} AS cursor_id FROM ${q.table}
       WHERE ${scope} AND ${cursorCol} = ${cursorAt}) k
     LEFT JOIN LATERAL (SELECT ${select} FROM ${q.table} WHERE ${where.join(' AND ')} ${order}
       LIMIT ${bind(limit + 1)}) p ON true`,
    params,
    PREPARED,
  );
  if (rows.length === 0) {
    const cursorParam = p.starting_after !== undefined ? 'starting_after' : 'ending_before';
    throw invalidParam(cursorParam, `No object '${cursor}' in this list to page from.`);
  }
  const found = rows.filter((r) => r[cursorCol] !== null);
  if (!stable) return page(found, limit, backwards);
  cursorPositions.set(keyOf(cursor), rows[0].cursor_at_text as string);
  return learn(found, limit, backwards, cursorCol, keyOf);
}

/**
 * A page of a list with stable positions: its first and last rows' positions kept, then the columns only
 * pagination reads (the position, and the cursor's own when it was looked up) taken off, in one pass.
 */
function learn<T>(
  rows: T[],
  limit: number,
  backwards: boolean,
  cursorCol: string,
  keyOf: (id: string) => string,
): Page<T> {
  const result = page(rows as (T & Record<string, unknown>)[], limit, backwards);
  const data = result.data;
  for (const row of [data[0], data[data.length - 1]]) {
    if (row) cursorPositions.set(keyOf(row[cursorCol] as string), row[POS] as string);
  }
  return {
    has_more: result.has_more,
    data: data.map(({ [POS]: _, cursor_at_text: __, ...row }) => row as T),
  };
}

function page<T>(rows: T[], limit: number, backwards: boolean): Page<T> {
  const has_more = rows.length > limit;
  const data = rows.slice(0, limit);
  if (backwards) data.reverse();
  return { data, has_more };
}
