/**
 * Where cursors stand in lists whose rows never move: an order keeps its `created_at` and its location
 * forever and is never deleted, so once this process has seen an order's position in a list, a page after
 * it needs no lookup of the cursor. Positions are learned from the first and last rows of every page served
 * (the cursors a client sends next) and from every cursor looked up. A position is the row's `created_at`
 * as PostgreSQL's text: exactly as stored, whatever the column's precision (a JavaScript Date keeps ms only).
 *
 * Per process and bounded; a position another process learned is looked up here once.
 */
export class CursorPositions {
  private readonly positions = new Map<string, string>();

  constructor(readonly capacity = 20_000) {}

  get(key: string): string | undefined {
    return this.positions.get(key);
  }

  set(key: string, position: string) {
    if (this.positions.has(key)) return;
    this.positions.set(key, position);
    // Oldest first out: a cursor is used soon after its page was served, or not at all.
    if (this.positions.size > this.capacity) this.positions.delete(this.positions.keys().next().value as string);
  }

  get size() {
    return this.positions.size;
  }
}

/** The process's positions, shared by every list that opts in (ListQuery.stablePositions). */
export const cursorPositions = new CursorPositions();

/** A cursor's key: the list's table and scope (with its values) and the cursor id. */
export const positionKey = (table: string, scope: string, params: unknown[], cursor: string) =>
  `${table}\u0000${scope}\u0000${params.join('\u0000')}\u0000${cursor}`;
