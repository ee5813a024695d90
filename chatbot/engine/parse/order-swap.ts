/**
 * "2 cokes and a sprite, actually make the sprite a ginger ale", "the pizza + 2 liter deal, … and make the
 * soda a ginger ale": a line (or a deal's pick) named with "the" after a verb of changing is replaced by the
 * item said next; it is not a line of its own.
 */
import { lexiconOf } from '../menu/lexicon.js';
import type { ItemRef } from '../menu/match.js';
import { candidatesOf } from './candidates.js';
import type { ParsedLine, Reading } from './lines.js';
import type { Mention, Phrase } from './reading.js';
import { modifiersOf } from './senses.js';

const CHANGE = new Set(['make', 'change', 'swap', 'switch', 'replace', 'mach', 'mache', 'tausch', 'tausche']);
const THE = new Set(['the', 'that', 'my', 'der', 'die', 'das', 'den']);

/** Phrase `p` is the X of "make the X …", named to be replaced: no line of its own. */
export const toBeChanged = (r: Reading, p: Phrase) =>
  p.head !== null &&
  p.quantity === null &&
  p.mods.length === 0 &&
  THE.has(r.raw[p.head.at - 1] ?? '') &&
  CHANGE.has(r.raw[p.head.at - 2] ?? '');

/** What "make the X" names before phrase `p`: the mention of X, when the words before `p` say so. */
function changed(r: Reading, phrases: Phrase[], p: Phrase): Mention | null {
  for (let j = p.from - 2; j >= Math.max(0, p.from - 6); j--) {
    if (!CHANGE.has(r.raw[j]) || !THE.has(r.raw[j + 1])) continue;
    const named = [...phrases.map((q) => q.head), ...phrases.flatMap((q) => q.picks)];
    // (Right after "the": "make that one tiramisu" says a count, not the X to replace.)
    return named.find((m): m is Mention => m != null && m.at === j + 2 && m.at < p.from) ?? null;
  }
  return null;
}

/** Replaces what "make the X" names with `ref`, said in phrase `p`; false when nothing before is X. */
export function swapped(r: Reading, phrases: Phrase[], p: Phrase, ref: ItemRef): boolean {
  if ((p.quantity ?? 1) !== 1) return false;
  const x = changed(r, phrases, p);
  if (!x) return false;
  const ids = new Set(candidatesOf(r.index, x).map((c) => c.item.id));
  // ("make the soda a ginger ale": a word for several items names the one it is; "the sprite" names itself.)
  if (x.items.some((s) => s.id === ref.item.id)) return false;
  const lines = r.out.lines;
  for (let k = lines.length - 1; k >= 0; k--) {
    const line: ParsedLine = lines[k];
    if (line.ref.kind === 'product' && ids.has(line.ref.item.id) && ref.kind === 'product') {
      line.ref = ref;
      line.mods = modifiersOf(r.index, lexiconOf(r.index), ref, p.mods, r.raw).mods;
      return true;
    }
    if (line.ref.kind !== 'bundle') continue;
    const bundle = line.ref.item;
    // (In a deal, the pick of X, when the line it fills offers the new item too.)
    const pick = line.mods.picks.find(
      (x) =>
        ids.has(x.productId) &&
        bundle.lines.some((l) => l.id === x.lineId && l.choices.some((c) => c.productId === ref.item.id)),
    );
    if (pick) {
      pick.productId = ref.item.id;
      return true;
    }
  }
  return false;
}
