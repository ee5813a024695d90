/**
 * A group's noun said with one of its choices: "hot sauce", "french dressing", "sauce hot" (the noun first,
 * as other languages say it) are the Buffalo Hot of a "Wing Sauce" group and the dressings; the noun alone
 * ("on the hand-tossed crust", "the sauce") names none of its group's choices, unless it follows a word the
 * menu does not know, which may be the choice misspelt ("thn crust", "yogurt dressing").
 */
import type { MenuIndex } from '../menu/match.js';
import { nameTokens } from '../menu/match.js';
import type { VocabEntry } from '../menu/vocab.js';

const GROUP_NOUNS = new Set(['sauce', 'dressing', 'crust', 'style']);

const inGroupNamed = (index: MenuIndex, groupId: string, noun: string) =>
  nameTokens(index.menu.groups.find((g) => g.id === groupId)?.name ?? '').includes(noun);

/** The modifiers a span names and its words, given the modifiers its words named as said (`mods`). */
export function withGroupNoun(
  index: MenuIndex,
  content: string[],
  mods: VocabEntry[],
  unknownBefore: boolean,
  modsFor: (words: string[]) => VocabEntry[],
): { mods: VocabEntry[]; words: string[] } {
  if (content.length === 1 && GROUP_NOUNS.has(content[0]) && !unknownBefore) {
    const own = (e: VocabEntry) => e.kind === 'option' && inGroupNamed(index, e.groupId, content[0]);
    return { mods: mods.filter((e) => !own(e)), words: content };
  }
  const at = GROUP_NOUNS.has(content.at(-1) ?? '') ? content.length - 1 : GROUP_NOUNS.has(content[0]) ? 0 : -1;
  if (mods.length > 0 || content.length < 2 || at < 0) return { mods, words: content };
  // (Its words are then the choice's: the noun names the group, not the choice.)
  const rest = content.filter((_, k) => k !== at);
  const found = modsFor(rest).filter((e) => e.kind === 'option' && inGroupNamed(index, e.groupId, content[at]));
  return found.length > 0 ? { mods: found, words: rest } : { mods, words: content };
}
