/**
 * One message, a whole order: "two large pizzas with ham and extra cheese but no onions, one thin crust
 * with peppers and olives, and three cans of coke" → three lines. The text is cut at commas and "and";
 * a piece that starts with a quantity or names a menu item starts a new line, any other piece goes on
 * describing the line before it. A new line without an item name ("one thin crust …") is another of the
 * item before it.
 */
import type { ItemRef, MenuIndex } from '../menu/match.js';
import { bundleVocab, productVocab, type VocabEntry } from '../menu/vocab.js';
import { canon, fold, words as toWords } from '../text/normalize.js';
import { quantityAt } from '../text/numbers.js';
import { EXTRA, emptyModifiers, FILLER, type Modifiers, readModifiers, WITH, WITHOUT } from './modifiers.js';

export interface ParsedLine {
  ref: ItemRef;
  quantity: number;
  mods: Modifiers;
  /** The words this line came from (folded), to parse again once the customer picks among candidates. */
  text: string;
}

export interface ParsedOrder {
  lines: ParsedLine[];
  /** Words about a line already in the draft ("make it large", "without onions"): the last one they fit. */
  forLast: { index: number; mods: Modifiers } | null;
  ambiguous: { text: string; quantity: number; candidates: ItemRef[] }[];
  /** Pieces that named nothing on the menu. */
  unknown: string[];
}

// biome-ignore format: a word list
const LEAD = new Set([
  'and', 'und', 'also', 'auch', 'plus', 'noch', 'dazu', 'then', 'dann', 'i', 'id', 'd', 'll', 'would', 'like', 'want',
  'wanna', 'get', 'have', 'take', 'please', 'bitte', 'ich', 'hatte', 'gern', 'gerne', 'mochte', 'nehme', 'will',
  'bekomme', 'krieg', 'kriege', 'can', 'could', 'may', 'me', 'us', 'we', 'for', 'fur', 'mich', 'mir', 'uns', 'lets',
  'let', 's', 'order', 'bestellen', 'bestelle', 'give', 'gib', 'geben', 'sie', 'du', 'ihr', 'hi', 'hello', 'hallo',
  'hey', 'moin', 'ok', 'okay', 'yes', 'ja', 'too', 'add', 'ordern', 'gibt', 'mal', 'wir', 'hatten',
]);
const SPLIT = /(?<!\d),|,(?!\d)|(?<!\d):|:(?!\d)|;|\n|\.(?=\s|$)|!|\s(?:and|und|plus|sowie|&|\+)\s/;
const CONJUNCTION = /\s(and|und|&)\s/g;

const singleChoice = (index: MenuIndex, ref: ItemRef) =>
  new Set(
    ref.kind === 'product'
      ? index
          .groupsOf(ref.item)
          .filter((g) => g.maxChoices === 1)
          .map((g) => g.id)
      : [],
  );

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

function modifiersFor(index: MenuIndex, ref: ItemRef, words: string[], into?: Modifiers): Modifiers {
  return readModifiers(words, vocabOf(index, ref), singleChoice(index, ref), into);
}

/** True when the words say only things about `ref` (its options, ingredients, or nothing at all). */
function describes(index: MenuIndex, ref: ItemRef, words: string[]): boolean {
  const m = modifiersFor(index, ref, words);
  return m.unknown.length === 0;
}

/** The text cut into pieces, keeping menu names that hold "and" ("Fish and Chips") whole. */
function pieces(text: string, index: MenuIndex): string[] {
  let folded = fold(text);
  for (const item of [...index.menu.products, ...index.menu.bundles]) {
    const name = fold(item.name);
    if (CONJUNCTION.test(name)) folded = folded.split(name).join(name.replace(CONJUNCTION, ' \uE001 '));
    CONJUNCTION.lastIndex = 0;
  }
  return folded
    .split(SPLIT)
    .map((p) => p.replace(/\uE001/g, ' '))
    .filter((p) => p.trim() !== '');
}

function leadingQuantity(words: string[]): { quantity: number | null; rest: string[] } {
  let i = 0;
  while (i < words.length && LEAD.has(words[i])) i++;
  if (words[i] === 'another') return { quantity: 1, rest: words.slice(i + 1) };
  const q = quantityAt(words, i);
  const rest = words.slice(q ? i + q.length : i);
  // "cola x2", "2x cola" anywhere in the piece
  const times = rest.findIndex((w) => /^(x\d{1,3}|\d{1,3}x)$/.test(w));
  if (!q && times >= 0) {
    const value = Number(rest[times].replace('x', ''));
    return { quantity: value, rest: rest.filter((_, k) => k !== times) };
  }
  return { quantity: q ? q.value : null, rest };
}

const effective = (m: Modifiers) => m.options.length + m.without.length + m.extra.length + m.picks.length > 0;

/** The last draft line these words describe and change, if any. */
function lineDescribed(index: MenuIndex, lines: ItemRef[], words: string[]): { index: number; mods: Modifiers } | null {
  for (let i = lines.length - 1; i >= 0; i--) {
    if (!describes(index, lines[i], words)) continue;
    const mods = modifiersFor(index, lines[i], words);
    if (effective(mods) || mods.notRemovable.length + mods.noExtra.length > 0) return { index: i, mods };
  }
  return null;
}

/** `draftLines`: the items already in the draft, in order, for words that go on describing one of them. */
/** The open line of the bundle `current` that offers `ref`, as a pick. */
function pickFor(current: ParsedLine, ref: ItemRef): { lineId: string; productId: string } | null {
  if (current.ref.kind !== 'bundle' || ref.kind !== 'product') return null;
  const line = current.ref.item.lines.find(
    (l) =>
      l.choices.some((c) => c.productId === ref.item.id) &&
      current.mods.picks.filter((p) => p.lineId === l.id).length < l.maxChoices,
  );
  return line ? { lineId: line.id, productId: ref.item.id } : null;
}

/** "… bestellen: zwei Cola": a quantity up to three words before the item's name. */
function quantityBefore(head: string[], at: number): number | null {
  for (let j = at - 1; j >= Math.max(0, at - 3); j--) {
    const q = quantityAt(head, j);
    if (q && !/^(a|an|ein|eine)$/.test(head[j])) return q.value;
  }
  return null;
}

export function parseOrder(text: string, index: MenuIndex, draftLines: ItemRef[]): ParsedOrder {
  const out: ParsedOrder = { lines: [], forLast: null, ambiguous: [], unknown: [] };
  const last = draftLines[draftLines.length - 1] ?? null;
  let current: ParsedLine | null = null;
  for (const piece of pieces(text, index)) {
    const { quantity, rest } = leadingQuantity(toWords(piece));
    const headEnd = rest.findIndex((w) => WITHOUT.has(w) || EXTRA.has(w) || WITH.has(w));
    const head = headEnd < 0 ? rest : rest.slice(0, headEnd);
    const content = head.filter((w) => !FILLER.has(w));
    if (quantity === null && current && describes(index, current.ref, rest)) {
      modifiersFor(index, current.ref, rest, current.mods);
      continue;
    }
    const found = index.find(head.map(canon));
    const clear = found.length > 0 && (found.length === 1 || found[0].score - found[1].score >= 0.15);
    if (clear && current && (quantity ?? 1) === 1 && pickFor(current, found[0].ref)) {
      // "… burger menu with a veggie burger, fries and a milkshake": the milkshake is the menu's drink.
      current.mods.picks.push(pickFor(current, found[0].ref) as Modifiers['picks'][number]);
    } else if (clear) {
      const usedWords = new Set([...found[0].used].map((k) => head[k]));
      const modWords = rest.filter((w, k) => k >= head.length || !usedWords.has(w));
      const line: ParsedLine = {
        ref: found[0].ref,
        quantity: quantity ?? quantityBefore(head, Math.min(...found[0].used)) ?? 1,
        mods: modifiersFor(index, found[0].ref, modWords),
        text: piece.trim(),
      };
      out.lines.push(line);
      current = line;
      // "burritos with guacamole": a word that is no option but a dish of its own is a line of its own.
      const side = line.mods.unknown.length > 0 ? index.find(line.mods.unknown.map(canon)) : [];
      if (side.length > 0 && (side.length === 1 || side[0].score - side[1].score >= 0.15)) {
        line.mods.unknown = [];
        out.lines.push({ ref: side[0].ref, quantity: 1, mods: emptyModifiers(), text: piece.trim() });
      }
    } else if (found.length > 1) {
      const best = found[0].score;
      const candidates = found.filter((f) => best - f.score < 0.15).map((f) => f.ref);
      out.ambiguous.push({ text: piece.trim(), quantity: quantity ?? 1, candidates: candidates.slice(0, 10) });
    } else if (quantity !== null && (current ?? last) && describes(index, (current?.ref ?? last) as ItemRef, rest)) {
      const ref = (current?.ref ?? last) as ItemRef;
      const line: ParsedLine = { ref, quantity, mods: modifiersFor(index, ref, rest), text: piece.trim() };
      out.lines.push(line);
      current = line;
    } else if (quantity === null && !current && out.forLast && describes(index, draftLines[out.forLast.index], rest)) {
      // "with anchovies and olives": the pieces after the first go on describing the same line.
      modifiersFor(index, draftLines[out.forLast.index], rest, out.forLast.mods);
    } else if (quantity === null && !current && !out.forLast && lineDescribed(index, draftLines, rest)) {
      out.forLast = lineDescribed(index, draftLines, rest);
    } else {
      const related = index.related(content.map(canon));
      if (related.length > 0) {
        out.ambiguous.push({ text: piece.trim(), quantity: quantity ?? 1, candidates: related.slice(0, 10) });
      } else if (content.length > 0) out.unknown.push(piece.trim());
    }
  }
  return out;
}

/** A piece parsed again for the item the customer picked: its quantity and modifiers. */
export function parseForItem(text: string, index: MenuIndex, ref: ItemRef): ParsedLine {
  const { quantity, rest } = leadingQuantity(toWords(text));
  const headEnd = rest.findIndex((w) => WITHOUT.has(w) || EXTRA.has(w) || WITH.has(w));
  const cut = headEnd < 0 ? rest.length : headEnd;
  // The words that named the item ("pizza", "nigiri") go; those that describe it ("large") stay.
  const words = rest.filter((w, k) => k >= cut || describes(index, ref, [w]));
  return { ref, quantity: quantity ?? 1, mods: modifiersFor(index, ref, words), text };
}
