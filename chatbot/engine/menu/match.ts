/**
 * Finding menu items by what customers call them. Each product and bundle name becomes canonical tokens
 * (./text/normalize.ts); a token shared by many names ("pizza") weighs less than one that singles an item
 * out ("margherita"), so "margherita" finds "Pizza Margherita" and "pizza" finds the product called "Pizza".
 */
import type { Menu, MenuBundle, MenuProduct } from '../../payload-types.js';
import { wordMatch } from '../text/fuzzy.js';
import { GLOSSARY, SAME_DISH } from '../text/glossary.js';
import { canon, stem, words } from '../text/normalize.js';

// biome-ignore format: a word list
const NAME_STOP = new Set([
  'e', 'di', 'al', 'alla', 'all', 'con', 'and', 'und', 'with', 'mit', 'the', 'la', 'il', 'de', 'da', 'del', 'of',
  'l', 'x', 'a', 'an', 'en', 'do', 'na', 'le', 'der', 'die', 'das',
]);
/**
 * A name's canonical words, its German compounds split where both parts are food words of the glossary:
 * "Familienpizza" is family + pizza, "Kräuterbutter" herb + butter, "Rotwein" red + wine, so that "family
 * size", "herb butter" and "red wine" find them.
 */
export function nameWords(name: string): string[] {
  return words(name).flatMap((w) => {
    const c = canon(w);
    if (w.length < 7 || GLOSSARY[w] || /\d/.test(w)) return [c];
    for (let k = w.length - 3; k >= 3; k--) {
      const [head, tail] = [w.slice(0, k), w.slice(k)];
      const tailConcept = GLOSSARY[tail] ?? GLOSSARY[stem(tail)];
      if (!tailConcept) continue;
      for (const h of [head, head.replace(/(s|n|en|e)$/, '')]) {
        const headConcept = GLOSSARY[h] ?? GLOSSARY[stem(h)];
        if (headConcept && h.length >= 3) return [headConcept, tailConcept];
      }
    }
    return [c];
  });
}

export const isNameStop = (t: string) => NAME_STOP.has(t);
const UNIT = /^(\d+(\.\d+)?|cm|l|liter|ml|cl|g|kg|oz|ounce|inch|pc|pcs|stk|st)$/;

/**
 * Names, as read from every body, are the same from one message to the next: their tokens are worked out
 * once (normalising is most of an index's cost). Bounded: a flood of odd names clears it, nothing grows.
 */
const tokensOfName = new Map<string, readonly string[]>();
const MAX_NAMES = 50_000;

/**
 * The tokens a name is recognised by: its words without filler, and without sizes unless that is all it
 * has. Shared between callers: do not change the array.
 */
export function nameTokens(name: string): readonly string[] {
  let tokens = tokensOfName.get(name);
  if (!tokens) {
    const all = nameWords(name).filter((t) => !NAME_STOP.has(t));
    const wordsOnly = all.filter((t) => !UNIT.test(t));
    tokens = wordsOnly.length > 0 ? wordsOnly : all;
    if (tokensOfName.size >= MAX_NAMES) tokensOfName.clear();
    tokensOfName.set(name, tokens);
  }
  return tokens;
}

const fullOfName = new Map<string, readonly string[]>();

/** A name's tokens with its numbers and units kept ("Can (12 oz)" → can, 12, ounce): for modifiers. */
export function fullNameTokens(name: string): readonly string[] {
  let tokens = fullOfName.get(name);
  if (!tokens) {
    const all = nameWords(name).filter((t) => !NAME_STOP.has(t) && t !== 'no');
    tokens = all.length > 0 ? all : nameWords(name);
    if (fullOfName.size >= MAX_NAMES) fullOfName.clear();
    fullOfName.set(name, tokens);
  }
  return tokens;
}

export type ItemRef = { kind: 'product'; item: MenuProduct } | { kind: 'bundle'; item: MenuBundle };

/** A sellable item's name tokens; the item itself is looked up in the message's own menu. */
interface Entry {
  kind: ItemRef['kind'];
  id: string;
  tokens: readonly string[];
  /** Another name of the dish (../text/glossary.ts SAME_DISH): it finds the dish only when said whole. */
  alias?: boolean;
}

/** What an index derives from a menu's names alone: the same for every message until the names change. */
interface NameTables {
  entries: Entry[];
  /** How many names each token is part of. */
  df: Map<string, number>;
}

export interface Scored {
  ref: ItemRef;
  score: number;
  /** Which query positions the match used. */
  used: Set<number>;
}

export const MATCH_THRESHOLD = 0.45;

/** How well `query` names something called `tokens`, with per-token weights; and the query words used. */
export function scoreTokens(
  query: readonly string[],
  tokens: readonly string[],
  weight: (t: string) => number = () => 1,
): { score: number; used: Set<number> } {
  let got = 0;
  let total = 0;
  const used = new Set<number>();
  for (const t of tokens) {
    const w = weight(t);
    total += w;
    let best = 0;
    let at = -1;
    query.forEach((q, i) => {
      const m = wordMatch(q, t);
      if (m > best) [best, at] = [m, i];
    });
    got += w * best;
    if (at >= 0) used.add(at);
  }
  return { score: total === 0 ? 0 : got / total, used };
}

export class MenuIndex {
  private readonly tables: NameTables;
  readonly products = new Map<string, MenuProduct>();
  readonly bundles = new Map<string, MenuBundle>();

  constructor(readonly menu: Menu) {
    for (const p of menu.products) this.products.set(p.id, p);
    for (const b of menu.bundles) this.bundles.set(b.id, b);
    this.tables = nameTables(menu);
  }

  private weight = (t: string) => 1 / (this.tables.df.get(t) ?? 1);

  private refOf(e: Entry): ItemRef {
    return e.kind === 'product'
      ? { kind: 'product', item: this.products.get(e.id) as MenuProduct }
      : { kind: 'bundle', item: this.bundles.get(e.id) as MenuBundle };
  }

  /** Items the canonical query words may name, best first, above the threshold. */
  find(query: string[], min = MATCH_THRESHOLD): Scored[] {
    if (query.length === 0) return [];
    const found: Scored[] = [];
    for (const e of this.tables.entries) {
      const s = scoreTokens(query, e.tokens, this.weight);
      if (s.score >= min && (!e.alias || s.score >= 0.99)) found.push({ ref: this.refOf(e), ...s });
    }
    return found.sort((a, b) => b.score - a.score);
  }

  /** How many sellable names hold the token. */
  df(token: string): number {
    return this.tables.df.get(token) ?? 0;
  }

  /** Items whose name holds one of the query words exactly: the choices to offer when nothing matched well. */
  related(query: string[]): ItemRef[] {
    const words = new Set(query);
    return this.tables.entries.filter((e) => e.tokens.some((t) => words.has(t))).map((e) => this.refOf(e));
  }

  ref(id: string): ItemRef | null {
    const p = this.products.get(id);
    if (p) return { kind: 'product', item: p };
    const b = this.bundles.get(id);
    return b ? { kind: 'bundle', item: b } : null;
  }

  groupsOf(product: MenuProduct) {
    return product.groupIds
      .map((id) => this.menu.groups.find((g) => g.id === id))
      .filter((g): g is NonNullable<typeof g> => g !== undefined);
  }
}

/**
 * The name tables of the menus seen lately, by a key made of exactly what they are built from (ids, names,
 * which items are listed). The body carries no menu version, and a key costs a string join where the
 * tables cost a normalisation of every name. A change of price or availability keeps the key: those are
 * read from the message's own menu.
 */
const tables = new Map<string, NameTables>();
const MAX_MENUS = 64;

function nameTables(menu: Menu): NameTables {
  const key = [
    menu.products.map((p) => `${p.id}\u0001${p.name}`).join('\u0002'),
    menu.bundles.map((b) => `${b.id}\u0001${b.name}`).join('\u0002'),
    menu.categories.map((c) => c.itemIds.join('\u0001')).join('\u0002'),
  ].join('\u0003');
  let t = tables.get(key);
  if (t) {
    // Most recently used last, so the oldest is the one dropped.
    tables.delete(key);
    tables.set(key, t);
    return t;
  }
  // A product only sold inside bundles (in no category while categories exist) is not ordered alone.
  const listed = new Set(menu.categories.flatMap((c) => c.itemIds));
  const sellable = (id: string) => menu.categories.length === 0 || listed.has(id);
  const entries: Entry[] = [
    ...menu.products
      .filter((p) => sellable(p.id))
      .map((p) => ({ kind: 'product' as const, id: p.id, tokens: nameTokens(p.name) })),
    ...menu.bundles
      .filter((b) => sellable(b.id))
      .map((b) => ({ kind: 'bundle' as const, id: b.id, tokens: nameTokens(b.name) })),
  ];
  // A dish's other name finds it too.
  for (const e of [...entries]) {
    for (const pair of SAME_DISH) {
      const at = pair.findIndex((side) => side.length === e.tokens.length && side.every((t, k) => t === e.tokens[k]));
      if (at >= 0) entries.push({ ...e, tokens: pair[1 - at], alias: true });
    }
  }
  const df = new Map<string, number>();
  for (const e of entries) if (!e.alias) for (const tok of new Set(e.tokens)) df.set(tok, (df.get(tok) ?? 0) + 1);
  t = { entries, df };
  if (tables.size >= MAX_MENUS) tables.delete(tables.keys().next().value as string);
  tables.set(key, t);
  return t;
}

/**
 * The index of a menu. Cheap now that the name tables are shared; the turn keeps it for the message
 * (a WeakMap keyed by each message's menu kept young objects alive through scavenges).
 */
export function menuIndex(menu: Menu): MenuIndex {
  return new MenuIndex(menu);
}
