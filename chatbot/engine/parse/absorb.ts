/**
 * A second item mention inside a phrase (./phrases.ts): the same item named twice ("pizza margherita"),
 * a deal described by its dishes ("pizza soda deal"), or one of a deal's picks.
 */
import type { MenuIndex } from '../menu/match.js';
import { anyTakes, candidatesOf } from './candidates.js';
import type { Mention } from './mentions.js';
import type { Phrase } from './reading.js';
import { GENERIC_CONCEPTS } from './senses.js';
import { FILLER, isAnd } from './tokens.js';

const MORE = new Set(['another', 'plus', 'additional', 'extra', 'also', 'noch', 'zusatzlich', 'weitere']);

/** A second item mention in a phrase: the same item named twice ("pizza margherita"), or a bundle's pick. */
export function absorbs(
  index: MenuIndex,
  p: Phrase,
  u: Mention,
  words: string[],
  before: Phrase | undefined,
): boolean | 'previous' {
  const head = p.head as Mention;
  const between = words.slice(head.at + head.len, u.at);
  const adjacent = between.every((w) => FILLER.has(w) && !isAnd(w) && !/^[^a-z0-9]$/.test(w));
  const headIds = candidatesOf(index, head).map((r) => r.item.id);
  const uIds = candidatesOf(index, u).map((r) => r.item.id);
  const bundle = candidatesOf(index, head).find((r) => r.kind === 'bundle');
  if (
    bundle?.kind === 'bundle' &&
    uIds.some((id) => bundle.item.lines.some((l) => l.choices.some((c) => c.productId === id)))
  ) {
    // "a meat lovers pizza": the pick named again by its category's word.
    const lastPick = p.picks[p.picks.length - 1];
    if (lastPick && words.slice(lastPick.at + lastPick.len, u.at).every((w) => FILLER.has(w) && !isAnd(w))) {
      const named = new Set(candidatesOf(index, lastPick).map((r) => r.item.id));
      if (u.generic.some((id) => named.has(id))) return true;
    }
    // "…, and an extra can of sprite": the lines that offer it are full; another item, not a pick.
    const lines = bundle.item.lines.filter((l) => l.choices.some((c) => uIds.includes(c.productId)));
    const taken = p.picks.filter((m) => {
      const best = candidatesOf(index, m)[0];
      return best && lines.some((l) => l.choices.some((c) => c.productId === best.item.id));
    }).length;
    const room = lines.reduce((n, l) => n + l.maxChoices, 0) * (p.quantity ?? 1);
    // ("…, plus another large cheese pizza": said as one more, too.)
    const more = words.slice(Math.max(0, u.at - 4), u.at).some((w) => MORE.has(w));
    if (taken >= room && (u.items.some((s) => s.score >= 0.85) || more)) return false;
    // "… with bbq wings": the word right before the pick that the pick takes is the pick's own.
    const last = p.mods[p.mods.length - 1];
    if (last && last.m.at + last.m.len === u.at && anyTakes(index, u, last.m, last.mode)) p.mods.pop();
    p.picks.push(u);
    return true;
  }
  // "matcha oat latte": a part of one name, a choice it takes, then the rest of the name's words.
  const saidOf = (k: number) => p.mods.some((m) => m.m.at <= k && k < m.m.at + m.m.len);
  const throughMods =
    !adjacent &&
    between.every((w, k) => (FILLER.has(w) && !isAnd(w)) || saidOf(head.at + head.len + k)) &&
    head.items.length > 0 &&
    head.generic.length === 0 &&
    head.items.every((s) => uIds.includes(s.id)) &&
    u.items.every((s) => s.score < 0.99);
  if (throughMods) return true;
  if (!adjacent) return false;
  const uBundle = candidatesOf(index, u).find((r) => r.kind === 'bundle');
  if (
    uBundle?.kind === 'bundle' &&
    headIds.some((id) => uBundle.item.lines.some((l) => l.choices.some((c) => c.productId === id)))
  ) {
    // "pizza soda deal": a category's word before the deal's describes which deal; it picks nothing.
    const described = head.generic.length > 0 ? describedBundle(index, u, [head]) : null;
    if (described) {
      // …and the category's word before that one ("pizza soda deal"), when nothing stands between.
      const prevHead = before?.head;
      const bare =
        before &&
        prevHead &&
        prevHead.generic.length > 0 &&
        before.mods.length + before.picks.length === 0 &&
        !before.dish &&
        words.slice(prevHead.at + prevHead.len, head.at).every((w) => FILLER.has(w) && !/^[^a-z0-9+&]$/.test(w));
      const longer = bare ? describedBundle(index, u, [prevHead, head]) : null;
      p.head = longer ?? described;
      return longer ? 'previous' : true;
    }
    // "a cheeseburger combo": the bundle, with the product as its pick.
    p.picks.push(head);
    p.head = u;
    return true;
  }
  // "chicken burger": two words each several items share, meaning the items both name.
  const both = headIds.filter((id) => uIds.includes(id));
  if (both.length > 0 && head.items.every((s) => s.score < 0.99) && u.items.every((s) => s.score < 0.99)) {
    p.head = { ...head, len: u.at + u.len - head.at, items: [], generic: both, words: [...head.words, ...u.words] };
    return true;
  }
  // "veggie pizza": a part of one name, then the category's word.
  if (head.items.length > 0 && head.items.every((s) => uIds.includes(s.id)) && head.generic.length === 0) return true;
  // "pizza hawaii": after a category's word, a dish of it named in part is that dish.
  const exact = u.items.filter((s) => s.score >= 0.99).map((s) => s.id);
  const ofCategory = u.items.length === 1 && head.words.every((w) => GENERIC_CONCEPTS.has(w));
  const uSpecific = exact.length > 0 || !ofCategory ? exact : [u.items[0].id];
  const headSpecific = head.items.filter((s) => s.score >= 0.99).map((s) => s.id);
  if (
    uSpecific.length > 0 &&
    uSpecific.every((id) => headIds.includes(id)) &&
    !headSpecific.every((id) => uSpecific.includes(id))
  ) {
    p.head = u;
    return true;
  }
  if (headIds.length > 0 && (uIds.includes(headSpecific[0] ?? '') || headSpecific.some((id) => uIds.includes(id))))
    return true;
  // "diet pepsi" with no Diet Pepsi on the menu: "diet" alone half-named something else.
  if (head.items.every((s) => s.score < 0.99) && head.generic.length === 0) {
    p.loose.push(...head.words);
    p.head = u;
    return true;
  }
  return false;
}

/** The bundles a deal's word may mean that offer something of each describing word, those whose lines the
 * description covers best ("pizza soda deal": the pizza and soda deal before the one with wings too). */
function describedBundle(index: MenuIndex, deal: Mention, described: Mention[]): Mention | null {
  const offers = (l: { choices: { productId: string }[] }, m: Mention) => {
    const ids = new Set(candidatesOf(index, m).map((r) => r.item.id));
    return l.choices.some((c) => ids.has(c.productId));
  };
  const scored = candidatesOf(index, deal)
    .filter((r) => r.kind === 'bundle')
    .map((r) => {
      const lines = (r.item as { lines: { choices: { productId: string }[] }[] }).lines;
      const everyOffered = described.every((m) => lines.some((l) => offers(l, m)));
      const covered = lines.filter((l) => described.some((m) => offers(l, m))).length;
      return { id: r.item.id, share: everyOffered ? covered / lines.length : 0 };
    })
    .filter((x) => x.share > 0);
  if (scored.length === 0) return null;
  const best = Math.max(...scored.map((x) => x.share));
  const first = described[0];
  return {
    ...deal,
    at: first.at,
    len: deal.at + deal.len - first.at,
    words: [...described.flatMap((m) => m.words), ...deal.words],
    items: scored.filter((x) => x.share === best).map((x) => ({ id: x.id, score: 1 })),
    generic: [],
  };
}
