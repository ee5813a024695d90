/**
 * What a customer may say about one item: its options (sizes, styles, toppings), its ingredients (to leave
 * out or to have extra), and for a bundle the products each line offers. Sizes also answer to "small",
 * "medium", "large" when the options are called "26 cm", "30 cm", "32 cm"; and a kind of ingredient
 * ("cheese") names the item's ingredient of that kind ("Mozzarella") when nothing is called by the kind.
 */
import type { MenuBundle, MenuGroup, MenuProduct } from '../../payload-types.js';
import { INGREDIENT_KINDS, SAME_OPTION } from '../text/glossary.js';
import { canon } from '../text/normalize.js';
import type { MenuIndex } from './match.js';
import { fullNameTokens, nameTokens } from './match.js';

export type VocabEntry =
  | { kind: 'option'; groupId: string; optionId: string; name: string; tokens: readonly string[] }
  | {
      kind: 'ingredient';
      ingredientId: string;
      name: string;
      tokens: readonly string[];
      removable: boolean;
      extra: boolean;
    }
  | { kind: 'pick'; lineId: string; productId: string; name: string; tokens: readonly string[] };

const SIZE_WORDS = ['small', 'medium', 'large'] as const;
const SIZE_HINT = /\b(\d+\s?(cm|"|inch|l|ml|cl)|small|medium|large|klein|mittel|gro(ß|ss)|normal)\b/i;

/** An option of a group as a vocabulary entry, by the words of its full name unless others are given. */
export const optionEntry = (
  g: MenuGroup,
  o: MenuGroup['options'][number],
  tokens: readonly string[] = fullNameTokens(o.name),
): VocabEntry => ({ kind: 'option', groupId: g.id, optionId: o.id, name: o.name, tokens });

/** A choice of none ("Plain (no sauce)"): no level of a spice scale. */
const NONE = /\b(plain|none|no|ohne|kein\w*|natur)\b/i;
export function isSizeGroup(g: MenuGroup): boolean {
  if (g.maxChoices !== 1 || g.options.length < 2) return false;
  return /size|gr(ö|oe|o)(ß|ss)e/i.test(g.name) || g.options.every((o) => SIZE_HINT.test(o.name));
}

/** "small" → the first option, "large" → the last, "medium" → the middle one of three or more. */
function sizeEntries(g: MenuGroup): VocabEntry[] {
  const named = new Set(g.options.flatMap((o) => nameTokens(o.name)));
  const at = { small: 0, medium: g.options.length >= 3 ? Math.floor(g.options.length / 2) : -1, large: -1 };
  at.large = g.options.length - 1;
  const entries = SIZE_WORDS.filter((w) => !named.has(w) && at[w] >= 0).map((w) =>
    optionEntry(g, g.options[at[w]], [w]),
  );
  // "party size", "family size": the largest, when no size is called so.
  const last = g.options[g.options.length - 1];
  if (!named.has('family')) entries.push(optionEntry(g, last, ['family']));
  return entries;
}

/** Each kind of ingredient (cheese) and the canonical tokens of what belongs to it (mozzarella, gouda …). */
let kinds: [string, Set<string>][] | null = null;

/**
 * "cheese" for the Mozzarella, when nothing on the item is called cheese: the kind's word names each of
 * the item's ingredients of that kind (the parser takes the one that fits: the one that can be had extra
 * for "extra cheese", one that can be left out for "without cheese").
 */
function kindEntries(entries: VocabEntry[]): VocabEntry[] {
  kinds ??= Object.entries(INGREDIENT_KINDS).map(([kind, words]) => [canon(kind), new Set(words.map(canon))]);
  return kinds.flatMap(([kind, members]) =>
    entries.some((e) => e.tokens.includes(kind))
      ? []
      : entries
          .filter((e) => e.kind === 'ingredient' && e.tokens.some((t) => members.has(t)))
          .map((e) => ({ ...e, tokens: [kind] })),
  );
}

export function productVocab(index: MenuIndex, product: MenuProduct): VocabEntry[] {
  const entries = namedVocab(index, product);
  return [...entries, ...kindEntries(entries), ...spiceEntries(index, product), ...aliasEntries(entries)];
}

/** An option's other name (../text/glossary.ts SAME_OPTION), unless another option is called by it. */
function aliasEntries(entries: VocabEntry[]): VocabEntry[] {
  const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((t, k) => t === b[k]);
  return entries.flatMap((e) => {
    if (e.kind !== 'option') return [];
    return SAME_OPTION.flatMap((pair) => {
      const at = pair.findIndex((side) => same(side, e.tokens));
      const other = pair[1 - at];
      if (at < 0 || entries.some((x) => other.every((t) => x.tokens.includes(t)))) return [];
      return [{ ...e, tokens: other }];
    });
  });
}

/**
 * "medium spicy", "mittelscharf": in a spice scale (a group where a level is called hot or spicy), each
 * level also answers with the word for spicy after it.
 */
function spiceEntries(index: MenuIndex, product: MenuProduct): VocabEntry[] {
  return index.groupsOf(product).flatMap((g) => {
    // (A choice of none is no level: "Plain (no sauce)" beside Buffalo Mild and Hot.)
    const levels = g.options.filter((o) => !NONE.test(o.name)).map((o) => ({ o, tokens: fullNameTokens(o.name) }));
    if (g.maxChoices !== 1 || !levels.some((l) => l.tokens.includes('spicy'))) return [];
    return levels
      .filter((l) => !l.tokens.includes('spicy'))
      .map(({ o, tokens }) => optionEntry(g, o, [...tokens, 'spicy']));
  });
}

function namedVocab(index: MenuIndex, product: MenuProduct): VocabEntry[] {
  const groups = index.groupsOf(product);
  return [
    ...groups.flatMap((g) => g.options.map((o) => optionEntry(g, o))),
    ...groups.filter(isSizeGroup).flatMap(sizeEntries),
    ...product.ingredients.map(
      (i): VocabEntry => ({
        kind: 'ingredient',
        ingredientId: i.id,
        name: i.name,
        tokens: nameTokens(i.name),
        removable: i.removable,
        extra: i.extra !== null,
      }),
    ),
  ];
}

export function bundleVocab(index: MenuIndex, bundle: MenuBundle): VocabEntry[] {
  return bundle.lines.flatMap((l) =>
    l.choices.map((c): VocabEntry => {
      const name = index.products.get(c.productId)?.name ?? c.productId;
      return { kind: 'pick', lineId: l.id, productId: c.productId, name, tokens: nameTokens(name) };
    }),
  );
}
