/**
 * Everything a customer can name on one menu, as canonical token phrases: its items (by whole or partial
 * name, by dish number), generic words for them (a category's name, a word several names share, "pie" or
 * "soda" from the general glossary), and every option, ingredient and size word any item takes. The order
 * reader finds these phrases in a message first and decides what each one is for afterwards
 * (../parse/mentions.ts). Built once per menu object, kept with its index.
 */
import type { MenuProduct } from '../../payload-types.js';
import { wordMatch } from '../text/fuzzy.js';
import { GENERIC } from '../text/glossary.js';
import { canon, canonWords } from '../text/normalize.js';
import { type ItemRef, type MenuIndex, nameTokens, nameWords } from './match.js';
import { bundleVocab, productVocab, type VocabEntry } from './vocab.js';

export interface Generic {
  /** The canonical tokens that name it ("pizza", "drink"). */
  tokens: readonly string[];
  /** The ids of the items it may mean. */
  ids: string[];
}

export interface Lexicon {
  /** Modifier phrases any item takes (options, ingredients, size words), one entry per distinct phrase. */
  modifiers: VocabEntry[];
  generics: Generic[];
  /** Dish numbers ("23. Pad Thai" → 23) and the item id each names. */
  numbers: Map<number, string>;
  /** Every canonical token that some phrase holds: a word matching none of them names nothing. */
  vocabulary: Set<string>;
  /** The tokens of every modifier phrase. */
  modifierWords: Set<string>;
  /** Whether a customer's canonical word matches some token of the vocabulary (typos allowed). */
  knows(word: string): boolean;
  /** Each item's name tokens with sizes and volumes kept ("cola 0.33 l"), to tell such variants apart. */
  fullTokens: Map<string, readonly string[]>;
}

const vocabCache = new WeakMap<object, VocabEntry[]>();

/** An item's vocabulary, built once per menu item object (a payload's menu is read once per message). */
export function vocabOf(index: MenuIndex, ref: ItemRef): VocabEntry[] {
  let vocab = vocabCache.get(ref.item);
  if (!vocab) {
    vocab = ref.kind === 'product' ? productVocab(index, ref.item) : bundleVocab(index, ref.item);
    vocabCache.set(ref.item, vocab);
  }
  return vocab;
}

const NUMBERED = /^\s*(?:nr\.?|no\.?|#|nummer|number)?\s*(\d{1,3})\s*[.):-]?\s+\S/i;

/**
 * The lexicons of the menus seen lately, keyed by exactly what they are built from (names, ids, which
 * item takes which group and ingredient): every body brings the whole menu again, and most bring the
 * same one. Bounded like the name tables (./match.ts).
 */
const lexicons = new Map<string, Lexicon>();
const MAX_MENUS = 64;

function keyOf(index: MenuIndex): string {
  const m = index.menu;
  return [
    m.products
      .map(
        (p) =>
          `${p.id}\u0001${p.name}\u0001${p.groupIds.join()}\u0001${p.ingredients.map((i) => `${i.id}:${i.name}:${i.removable}:${i.extra !== null}`).join()}`,
      )
      .join('\u0002'),
    m.bundles
      .map(
        (b) =>
          `${b.id}\u0001${b.name}\u0001${b.lines.map((l) => `${l.id}:${l.choices.map((c) => c.productId).join()}`).join()}`,
      )
      .join('\u0002'),
    m.groups
      .map(
        (g) => `${g.id}\u0001${g.name}\u0001${g.maxChoices}\u0001${g.options.map((o) => `${o.id}:${o.name}`).join()}`,
      )
      .join('\u0002'),
    m.categories.map((c) => `${c.name}\u0001${c.itemIds.join()}`).join('\u0002'),
  ].join('\u0003');
}

/** The lexicon each index has already found: every line of a message asks again, and the key costs a walk of the menu. */
const ofIndex = new WeakMap<MenuIndex, Lexicon>();

export function lexiconOf(index: MenuIndex): Lexicon {
  const known = ofIndex.get(index);
  if (known) return known;
  const key = keyOf(index);
  let lex = lexicons.get(key);
  if (lex) {
    lexicons.delete(key);
  } else {
    lex = build(index);
    if (lexicons.size >= MAX_MENUS) lexicons.delete(lexicons.keys().next().value as string);
  }
  lexicons.set(key, lex);
  ofIndex.set(index, lex);
  return lex;
}

function sellable(index: MenuIndex): ItemRef[] {
  const listed = new Set(index.menu.categories.flatMap((c) => c.itemIds));
  const ok = (id: string) => index.menu.categories.length === 0 || listed.has(id);
  return [
    ...index.menu.products.filter((p) => ok(p.id)).map((item): ItemRef => ({ kind: 'product', item })),
    ...index.menu.bundles.filter((b) => ok(b.id)).map((item): ItemRef => ({ kind: 'bundle', item })),
  ];
}

function build(index: MenuIndex): Lexicon {
  const items = sellable(index);
  const modifiers: VocabEntry[] = [];
  const seen = new Set<string>();
  for (const ref of items) {
    if (ref.kind !== 'product') continue;
    for (const e of vocabOf(index, ref)) {
      const key = `${e.kind}\u0001${e.tokens.join(' ')}`;
      if (seen.has(key)) continue;
      seen.add(key);
      modifiers.push(e);
    }
  }
  const generics = genericsOf(index, items);
  const numbers = new Map<number, string>();
  for (const ref of items) {
    const m = NUMBERED.exec(ref.item.name);
    if (m && !/^\d+\s*(cm|l|ml|cl|oz|g|kg|pcs|stk|x)\b/i.test(ref.item.name.trim()))
      numbers.set(Number(m[1]), ref.item.id);
  }
  const vocabulary = new Set<string>();
  for (const ref of items) for (const t of nameTokens(ref.item.name)) vocabulary.add(t);
  for (const e of modifiers) for (const t of e.tokens) vocabulary.add(t);
  for (const g of generics) for (const t of g.tokens) vocabulary.add(t);
  const fullTokens = new Map(items.map((r) => [r.item.id, nameWords(r.item.name)]));
  const known = new Map<string, boolean>();
  const list = [...vocabulary];
  const knows = (w: string) => {
    let k = known.get(w);
    if (k === undefined) {
      k = vocabulary.has(w) || list.some((t) => wordMatch(w, t) > 0);
      if (known.size > 20_000) known.clear();
      known.set(w, k);
    }
    return k;
  };
  const modifierWords = new Set(modifiers.flatMap((e) => e.tokens));
  return { modifiers, generics, numbers, vocabulary, fullTokens, knows, modifierWords };
}

/**
 * Generic words: each category by its name ("Pizzas" → its pizzas), a head word that two or more item
 * names share ("Pizza Margherita", "Pizza Diavola" → "pizza"), and the glossary's generic words, which
 * name the items of the category or the items whose names hold their concept.
 */
function genericsOf(index: MenuIndex, items: ItemRef[]): Generic[] {
  const out: Generic[] = [];
  const byId = new Map(items.map((r) => [r.item.id, r]));
  for (const c of index.menu.categories) {
    const ids = c.itemIds.filter((id) => byId.has(id));
    const tokens = nameTokens(c.name);
    if (ids.length > 0 && tokens.length > 0) out.push({ tokens, ids });
  }
  const holders = new Map<string, string[]>();
  // A bundle is meant by its own words ("combo", "Menü"), not by a word it shares with its products.
  for (const ref of items.filter((r) => r.kind === 'product')) {
    for (const t of new Set(nameTokens(ref.item.name))) holders.set(t, [...(holders.get(t) ?? []), ref.item.id]);
  }
  for (const [t, ids] of holders) if (ids.length >= 2) out.push({ tokens: [t], ids });
  for (const [concept, words] of Object.entries(GENERIC)) {
    const c = canon(concept);
    const forms = new Set([c, ...words.flatMap((w) => canonWords(w))]);
    const inCategory = out.filter((g) => g.tokens.some((t) => forms.has(t))).flatMap((g) => g.ids);
    const ids = [...new Set([...inCategory, ...(holders.get(c) ?? [])])];
    if (ids.length === 0) continue;
    for (const w of words) out.push({ tokens: canonWords(w), ids });
  }
  return out;
}

/** Whether a product takes a vocabulary entry found on the menu (the same option, ingredient or size). */
export function productTakes(index: MenuIndex, product: MenuProduct, entry: VocabEntry): VocabEntry | null {
  const ref: ItemRef = { kind: 'product', item: product };
  return (
    vocabOf(index, ref).find(
      (e) =>
        e.kind === entry.kind && e.tokens.length === entry.tokens.length && e.tokens.join() === entry.tokens.join(),
    ) ?? null
  );
}
