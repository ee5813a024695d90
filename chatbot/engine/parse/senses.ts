/**
 * What a phrase means on this menu: which item its head names (the candidate that takes what is said
 * about it best: "a medium pie with olives" is the pizza that has olives), and the modifiers it gets.
 */
import type { MenuProduct } from '../../payload-types.js';
import { type Lexicon, vocabOf } from '../menu/lexicon.js';
import { fullNameTokens, type ItemRef, type MenuIndex, nameTokens } from '../menu/match.js';
import { matchPhrase, volumeOf } from '../menu/phrase.js';
import { isSizeGroup, optionEntry, type VocabEntry } from '../menu/vocab.js';
import { ALTERNATIVES, GENERIC, INGREDIENT_KINDS } from '../text/glossary.js';
import { canon, words } from '../text/normalize.js';
import { apply, emptyModifiers, type Modifiers, preference } from './modifiers.js';
import type { Mod, Mode } from './reading.js';
import { cueOf, FILLER } from './tokens.js';

const SIZE_WORDS = new Set(['small', 'medium', 'large']);

/** The canonical words of categories ("pizza", "drink"): they name a kind of item, not one. */
export const GENERIC_CONCEPTS = new Set(Object.keys(GENERIC).map(canon));

type BaseMode = 'with' | 'without' | 'extra';
const base = (mode: Mode): BaseMode => (mode === 'light' ? 'with' : mode === 'noextra' ? 'extra' : mode);

/** The entry of an item's vocabulary that these canonical words name, in this mode; null when none. */
const SIZE_WORD = /^(large|big|small|gross|klein)$/;

export function takes(index: MenuIndex, ref: ItemRef, words: readonly string[], mode: Mode): VocabEntry | null {
  const got = bestEntry(index, ref, words, mode);
  if (got === 'tied') return null;
  const found = got;
  if (!found && words.length > 1 && ref.kind === 'product') {
    const own = new Set(vocabOf(index, ref).flatMap((e) => e.tokens));
    // "grilled chicken", "fresh basil" on an item that has chicken, basil: a word before the noun that
    // none of its modifiers has only describes it.
    // (Not a cue said whole with the name: "an extra large coke" where the cups go up to Large is a size
    // the menu lacks, not its Large.)
    if (!own.has(words[0]) && !(words[0] === 'extra' && SIZE_WORD.test(words[1])))
      return takes(index, ref, words.slice(1), mode);
    // "bbq sauce" for the option "BBQ" of the group "Wing sauce": the group's own word.
    const groupWords = new Set(index.groupsOf(ref.item).flatMap((g) => nameTokens(g.name)));
    const last = words[words.length - 1];
    if (groupWords.has(last)) return takes(index, ref, words.slice(0, -1), mode);
  }
  if (found || words.length !== 1) return found;
  // "extra mozzarella" on a pizza whose cheese is just "Käse": the kind of what was named.
  const kind = KIND_OF.get(words[0]) ?? ALTERNATIVES[words[0]];
  const byKind = kind ? bestEntry(index, ref, [kind], mode) : null;
  return byKind === 'tied' ? null : byKind;
}

/** The entry of one kind (option or ingredient) of the item the words name best, at least `least` well. */
function entryOf(
  index: MenuIndex,
  ref: ItemRef,
  words: readonly string[],
  kind: VocabEntry['kind'],
  least = 1,
): VocabEntry | null {
  let best: { e: VocabEntry; s: number } | null = null;
  for (const e of vocabOf(index, ref)) {
    if (e.kind !== kind) continue;
    const s = matchPhrase(words, e.tokens);
    if (s >= 0.5 && (!best || s > best.s)) best = { e, s };
  }
  return best && best.s >= least ? best.e : null;
}

/**
 * What a modifier said "with" an item is, when its words name both something the item has and one of its
 * choices: the choice when it is one still to make ("Gebratene Nudeln mit Gemüse": the protein, not the
 * vegetables in it) or when there cannot be more of what it has ("breadsticks with ranch and garlic
 * butter": the dip); otherwise what it has ("Pizza Tonno mit Zwiebeln", "a margherita with fresh mozzarella
 * and basil": the dish as it is).
 */
function chosen(index: MenuIndex, ref: ItemRef, mod: Mod, mode: Mode, out: Modifiers) {
  const e = takes(index, ref, mod.m.words, mode);
  if (ref.kind !== 'product' || base(mode) !== 'with' || mod.mode !== 'with') return e;
  const ingredient = entryOf(index, ref, mod.m.words, 'ingredient');
  const option = entryOf(index, ref, mod.m.words, 'option', 0.5);
  if (!ingredient || !option || option.kind !== 'option' || ingredient.kind !== 'ingredient') return e;
  const group = index.groupsOf(ref.item).find((g) => g.id === option.groupId);
  const open = (group?.minChoices ?? 0) > 0 && !out.options.some((o) => o.groupId === option.groupId);
  const exact = entryOf(index, ref, mod.m.words, 'option') === option;
  return open || (exact && !ingredient.extra) ? option : e;
}

/** Each member of an ingredient kind (canonical) → the kind ("mozzarella" → cheese, "hamburger" → beef). */
export const KIND_OF = new Map(
  Object.entries(INGREDIENT_KINDS).flatMap(([kind, members]) => members.map((m) => [canon(m), canon(kind)])),
);

function bestEntry(index: MenuIndex, ref: ItemRef, words: readonly string[], mode: Mode): VocabEntry | null | 'tied' {
  let best: { e: VocabEntry; s: number; score: number } | null = null;
  let tied = false;
  for (const e of vocabOf(index, ref)) {
    const score = matchPhrase(words, e.tokens);
    if (score < 0.5) continue;
    // "Margherita mit Paradeisern": a word that only half names what the dish has ("Tomatensoße") is no
    // reason to prefer it over the topping it also half names ("Tomatenscheiben") — that adds something.
    const half = e.kind === 'ingredient' && base(mode) === 'with' && score < 0.99;
    const s = score + (half ? 0 : preference(e, base(mode)));
    if (best && s === best.s && sameChoice(best.e, e) && familyWord(words, best.e, e)) tied = true;
    else if (!best || s > best.s) {
      best = { e, s, score };
      tied = false;
    }
  }
  // "10 buffalo wings" between "Buffalo Mild" and "Buffalo Hot": a word that only half names two choices
  // of one group chooses neither (the customer is asked).
  return best && tied && best.score < 0.99 ? 'tied' : (best?.e ?? null);
}

/** Two options of the same group. */
const sameChoice = (a: VocabEntry, b: VocabEntry) =>
  a.kind === 'option' && b.kind === 'option' && a.groupId === b.groupId && a.optionId !== b.optionId;

/** The words are the first words of both names, which go on differently ("buffalo": Buffalo Mild, Buffalo Hot). */
const familyWord = (words: readonly string[], a: VocabEntry, b: VocabEntry) =>
  words.length < a.tokens.length &&
  words.length < b.tokens.length &&
  words.every((w, k) => a.tokens[k] === w && b.tokens[k] === w);

export const volumeOfItem = (lex: Lexicon, ref: ItemRef) => volumeOf(lex.fullTokens.get(ref.item.id) ?? []);

/** The one option of the item whose name says "no" and the words said ("Lettuce wrap (no bun)"). */
function sayingNo(index: MenuIndex, ref: ItemRef, said: readonly string[]): VocabEntry | null {
  if (ref.kind !== 'product') return null;
  const found = index.groupsOf(ref.item).flatMap((g) =>
    g.options
      .filter((o) => {
        const t = fullNameTokens(o.name);
        return /\((no|ohne|kein\w*) /i.test(o.name) && said.every((w) => t.includes(w));
      })
      .map((o) => optionEntry(g, o)),
  );
  return found.length === 1 ? found[0] : null;
}

/** The first option of a single-choice spice scale (Mild, Medium, Hot), as a vocabulary entry. */
function levelScale(index: MenuIndex, groupId: string): VocabEntry | null {
  const g = index.menu.groups.find((x) => x.id === groupId);
  if (g?.maxChoices !== 1 || !g.options.some((o) => fullNameTokens(o.name).includes('spicy'))) return null;
  const o = g.options[0];
  return optionEntry(g, o);
}

function takesIngredient(index: MenuIndex, ref: ItemRef, words: readonly string[]): boolean {
  return vocabOf(index, ref).some((e) => e.kind === 'ingredient' && matchPhrase(words, e.tokens) >= 0.5);
}

export function singleChoice(index: MenuIndex, ref: ItemRef): Set<string> {
  if (ref.kind !== 'product') return new Set();
  return new Set(
    index
      .groupsOf(ref.item)
      .filter((g) => g.maxChoices === 1)
      .map((g) => g.id),
  );
}

function maxOf(index: MenuIndex, product: MenuProduct, e: VocabEntry): number {
  if (e.kind === 'option') {
    const o = index
      .groupsOf(product)
      .flatMap((g) => g.options)
      .find((x) => x.id === e.optionId);
    return o?.maxQuantity ?? 1;
  }
  if (e.kind === 'ingredient') return product.ingredients.find((i) => i.id === e.ingredientId)?.extra?.maxQuantity ?? 1;
  return 1;
}

/** One word said that is only a word before the entry's noun ("scharf" of "Scharfe Salami"). */
function describes(said: readonly string[], e: VocabEntry): boolean {
  const name = words(e.name.replace(/\(.*$/, '')).map(canon);
  return said.length === 1 && name.length > 1 && name.at(-1) !== said[0] && name.includes(said[0]);
}

/**
 * "breadsticks with garlic butter dip": the group's own word said right after ("dip" of "Dipping
 * Sauces") makes the words that group's option, not the ingredient of the same name.
 */
function ofNamedGroup(index: MenuIndex, ref: ItemRef, mod: Mod, raw: string[]): VocabEntry | null {
  const next = raw[mod.m.at + mod.m.len];
  // (Not a cue: "Knoblauch extra" on a menu whose toppings are the "Extra-Belag".)
  if (ref.kind !== 'product' || mod.mode === 'without' || !next || cueOf(next)) return null;
  const word = canon(next);
  const groups = index.groupsOf(ref.item).filter((g) => nameTokens(g.name).includes(word));
  if (groups.length === 0) return null;
  const ids = new Set(groups.map((g) => g.id));
  return (
    vocabOf(index, ref).find(
      (e) => e.kind === 'option' && ids.has(e.groupId) && matchPhrase(mod.m.words, e.tokens) >= 0.99,
    ) ?? null
  );
}

export interface Built {
  mods: Modifiers;
  /** Mentions the item does not take that name items of their own ("a burger with fries"). */
  sides: Mod[];
}

/** The modifiers a phrase gives its item; what the item does not take is named in `unknown`. */
/**
 * A default word ("regular", ./mentions.ts marks it) yields to any other choice said for the same group: "a
 * large regular coke" is large, "three small cappuccinos, one with regular milk" stays small. Read first, it
 * is replaced by the choice read after it (`apply` keeps one option of a single-choice group: the last).
 */
const weakFirst = (mods: Mod[]): Mod[] => [...mods.filter((m) => m.m.weak), ...mods.filter((m) => !m.m.weak)];

export function modifiersOf(index: MenuIndex, lex: Lexicon, ref: ItemRef, mods: Mod[], raw: string[]): Built {
  const out = emptyModifiers();
  const sides: Mod[] = [];
  const single = singleChoice(index, ref);
  const hasVolume = volumeOfItem(lex, ref) !== null;
  const sizeGroups = ref.kind === 'product' ? index.groupsOf(ref.item).filter(isSizeGroup) : [];
  let groupWordAt = -1;
  const groupWords =
    ref.kind === 'product' ? new Set(index.groupsOf(ref.item).flatMap((g) => nameTokens(g.name))) : null;
  for (const mod of weakFirst(mods)) {
    if (mod.mode === 'noextra') continue;
    // "one with regular milk": the default of the group named right after it ("Milk"), not a size.
    if (
      mod.m.weak &&
      mods.some((o) => o.m.at === mod.m.at + 1 && o.m.words.length === 1 && groupWords?.has(o.m.words[0]))
    )
      continue;
    let mode = base(mod.mode);
    // (The group's word itself then says nothing more.)
    if (mod.m.at === groupWordAt && mod.m.len === 1) continue;
    const grouped = ofNamedGroup(index, ref, mod, raw);
    if (grouped) groupWordAt = mod.m.at + mod.m.len;
    const e = grouped ?? chosen(index, ref, mod, mode, out);
    // "combo with chicken burger": a deal's line already picked takes no second pick from a word that
    // only half names one ("burger" after "chicken"); the pick made stands.
    if (e?.kind === 'pick' && ref.kind === 'bundle') {
      const line = ref.item.lines.find((l) => l.id === e.lineId);
      if (line && out.picks.filter((x) => x.lineId === line.id).length >= line.maxChoices) continue;
    }
    // "Diavolo extra scharf": more of a quality, not of the "Scharfe Salami" that word describes.
    if (e && mod.mode === 'extra' && describes(mod.m.words, e)) continue;
    // "Tonno mit wenig Zwiebeln": a little of what the dish has is the dish as it is.
    if (mod.mode === 'light' && ref.kind === 'product' && takesIngredient(index, ref, mod.m.words)) continue;
    // "no onions, large", "ohne Erdnüsse, scharf": a list under "no" does not take away a size, a style or
    // a level said later.
    let k = mod.m.at - 1;
    while (k > 0 && FILLER.has(raw[k]) && !cueOf(raw[k])) k--;
    const cueBefore = cueOf(raw[k] ?? '') === 'without';
    if (e?.kind === 'option' && mode === 'without' && !cueBefore && single.has(e.groupId)) mode = 'with';
    // "with no cheese and olives": the "no" goes on over the list only to what the item can leave out; an
    // option it has not got is added, as the list did before the "no".
    const had = e?.kind === 'option' && out.options.some((o) => o.optionId === e.optionId);
    if (e?.kind === 'option' && mode === 'without' && !cueBefore && mod.resumesWith && !had) mode = 'with';
    // "not spicy", "nicht scharf": the mildest level of a spice scale, not a level taken away.
    // (Said of the heat only: "no sauce" on wings whose sauces run from Mild to Hot is their Plain.)
    const heat = mod.m.words.includes('spicy');
    const scale = e?.kind === 'option' && mode === 'without' && heat ? levelScale(index, e.groupId) : null;
    if (scale) {
      apply(out, scale, 'with', 1, single);
      continue;
    }
    // "not too spicy", "nicht so scharf": no level asked for; the dish as it comes.
    if (mod.mode === 'light' && e?.kind === 'option' && levelScale(index, e.groupId)) continue;
    // "pepperoni, light on the pepperoni": a little of what is already on it leaves it as it is.
    if (mod.mode === 'light' && e?.kind === 'option' && out.options.some((o) => o.optionId === e.optionId)) continue;
    // "veggie burger, no bun": the choice whose name says it comes without ("Lettuce wrap (no bun)").
    const none =
      (!e || e.kind === 'option') && mode === 'without' && ref.kind === 'product'
        ? sayingNo(index, ref, mod.m.words)
        : null;
    if (none) {
      apply(out, none, 'with', 1, single);
      continue;
    }
    if (!e) {
      const word = mod.m.words.length === 1 ? mod.m.words[0] : '';
      if (SIZE_WORDS.has(word) && (hasVolume || sizeGroups.length === 0)) continue;
      // "a burger with fries" is a side; "a chicken burger with bacon" is no Bacon Burger beside it.
      const named = mod.m.items.some((s) => s.score >= 0.99) || (mod.m.mods.length === 0 && mod.m.generic.length > 0);
      if (named && mod.mode === 'with') sides.push(mod);
      else out.unknown.push(raw.slice(mod.m.at, mod.m.at + mod.m.len).join(' '));
      continue;
    }
    if (ref.kind === 'product' && e.kind === 'option' && mode !== 'without') {
      // "double patty" is one "Extra beef patty"; "double pepperoni", "extra pepperoni" two of the topping.
      // ("10 wings, extra ranch": a dip or sauce it has none of yet is one of it; more of a topping is two.)
      const group = index.menu.groups.find((g) => g.id === e.groupId);
      const list = group !== undefined && group.options.length >= 5;
      const had0 = out.options.some((o) => o.optionId === e.optionId);
      const more =
        mode === 'extra' &&
        !mod.counted &&
        mod.quantity === 1 &&
        (list || had0 || !/^(extra|xtra|more)$/.test(raw[mod.m.at - 1] ?? ''))
          ? 2
          : mod.quantity;
      const asked = e.tokens.includes('extra') && !mod.counted ? 1 : more;
      const q = Math.min(asked, maxOf(index, ref.item, e));
      // "pepperoni and jalapeno pizza, double jalapenos": two of it in all, not three.
      const had = out.options.find((o) => o.optionId === e.optionId);
      if (had && asked > 1 && !mod.counted) {
        had.quantity = q;
        continue;
      }
      apply(out, e, mode, q, single);
    } else if (ref.kind === 'product' && e.kind === 'ingredient' && mode === 'extra') {
      // "double cheese" is the cheese it has and one more; "triple cheese" two more.
      const more = mod.counted ? mod.quantity : Math.max(1, mod.quantity - 1);
      apply(out, e, mode, Math.min(more, maxOf(index, ref.item, e)), single);
    } else apply(out, e, mode, 1, single);
  }
  return { mods: out, sides };
}
