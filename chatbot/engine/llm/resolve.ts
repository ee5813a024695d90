/**
 * Tool arguments name things as a model writes them: ids from the menu it was shown, or names. Both
 * resolve through the deterministic engine's matcher, so "Margherita", "margherita" and "pizza
 * margarita" all find the same product, and options go through the same vocabulary.
 */
import type { ItemRef, MenuIndex } from '../menu/match.js';
import { emptyModifiers, type Modifiers } from '../parse/modifiers.js';
import { parseForItem, parseOrder, vocabOf } from '../parse/order.js';
import { canonWords, original } from '../text/normalize.js';

export type Resolved = { ref: ItemRef } | { candidates: ItemRef[] } | { notFound: true };

export function resolveItem(index: MenuIndex, name: string): Resolved {
  const byId = index.ref(name.trim());
  if (byId) return { ref: byId };
  // The order parser first: "large pepperoni pizza", "a 23", "Thunfischpizza" name what they name there.
  const parsed = parseOrder(name, index, []);
  if (parsed.lines.length === 1 && parsed.ambiguous.length === 0) return { ref: parsed.lines[0].ref };
  if (parsed.lines.length === 0 && parsed.ambiguous.length === 1)
    return { candidates: parsed.ambiguous[0].candidates.slice(0, 5) };
  const found = index.find(canonWords(name));
  if (found.length === 1 || (found.length > 1 && found[0].score - found[1].score >= 0.15)) return { ref: found[0].ref };
  if (found.length > 1) return { candidates: found.slice(0, 5).map((f) => f.ref) };
  const related = index.related(canonWords(name));
  return related.length ? { candidates: related.slice(0, 5) } : { notFound: true };
}

/** Options, ingredients to leave out and extras, by id or by name; what matched nothing is reported. */
export function resolveModifiers(
  index: MenuIndex,
  ref: ItemRef,
  args: { options?: string[]; without?: string[]; extra?: string[] },
): Modifiers {
  const mods = emptyModifiers();
  const vocab = vocabOf(index, ref);
  const single = new Set(
    ref.kind === 'product'
      ? index
          .groupsOf(ref.item)
          .filter((g) => g.maxChoices === 1)
          .map((g) => g.id)
      : [],
  );
  const byId = (id: string, kind: 'option' | 'ingredient' | 'pick') =>
    vocab.find((v) =>
      kind === 'option' && v.kind === 'option'
        ? v.optionId === id
        : kind === 'ingredient' && v.kind === 'ingredient'
          ? v.ingredientId === id
          : kind === 'pick' && v.kind === 'pick' && v.productId === id,
    );
  /** Reads a name by the parser's words; the words it did not know are named as the model wrote them. */
  /** Reads a name as the order parser reads it after the item; what it did not know is named as written. */
  const read = (mode: string, name: string) => {
    const line = parseForItem(`${mode} ${name}`, index, ref).mods;
    for (const o of line.options) {
      if (single.has(o.groupId)) mods.options = mods.options.filter((x) => x.groupId !== o.groupId);
      mods.options.push(o);
    }
    mods.without.push(...line.without.filter((w) => !mods.without.includes(w)));
    mods.extra.push(...line.extra);
    mods.picks.push(...line.picks);
    mods.notRemovable.push(...line.notRemovable);
    mods.noExtra.push(...line.noExtra);
    mods.unknown.push(...line.unknown.map((w) => original(name, w)));
    if (line.options.length + line.without.length + line.extra.length + line.picks.length === 0) {
      if (line.notRemovable.length + line.noExtra.length + line.unknown.length === 0) mods.unknown.push(name);
    }
  };
  for (const name of args.options ?? []) {
    const v = byId(name, 'option') ?? byId(name, 'pick');
    if (v?.kind === 'option') {
      if (single.has(v.groupId)) mods.options = mods.options.filter((o) => o.groupId !== v.groupId);
      mods.options.push({ groupId: v.groupId, optionId: v.optionId, quantity: 1 });
    } else if (v?.kind === 'pick') mods.picks.push({ lineId: v.lineId, productId: v.productId });
    else read('with', name);
  }
  for (const name of args.without ?? []) {
    const v = byId(name, 'ingredient');
    if (v?.kind === 'ingredient' && v.removable) mods.without.push(v.ingredientId);
    else if (v?.kind === 'ingredient') mods.notRemovable.push(v.name);
    else read('without', name);
  }
  for (const name of args.extra ?? []) {
    const v = byId(name, 'ingredient');
    if (v?.kind === 'ingredient' && v.extra) mods.extra.push({ ingredientId: v.ingredientId, quantity: 1 });
    else if (v?.kind === 'ingredient') mods.noExtra.push(v.name);
    else read('extra', name);
  }
  return mods;
}
