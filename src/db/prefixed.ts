/**
 * Another table's row inside one statement's result, its columns named `<prefix><column>`: one round trip
 * reads a row with the rows it joins (a conversation with its customer), each handed back as the driver
 * would have given it alone (its types parsed alike).
 */
export const selectPrefixed = (alias: string, prefix: string, columns: readonly string[]) =>
  columns.map((c) => `${alias}.${c} AS ${prefix}${c}`).join(', ');

/** The prefixed columns as a row of their own; the caller's row keeps the rest. */
export function takePrefixed<T>(row: Record<string, unknown>, prefix: string, columns: readonly string[]): T {
  const out: Record<string, unknown> = {};
  for (const c of columns) {
    out[c] = row[`${prefix}${c}`];
    delete row[`${prefix}${c}`];
  }
  return out as T;
}
