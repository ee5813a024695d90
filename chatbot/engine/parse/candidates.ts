/** The items a mention may name, and whether one of them takes a modifier said of it. */
import type { ItemRef, MenuIndex } from '../menu/match.js';
import type { Mention } from './mentions.js';
import type { Mode } from './reading.js';
import { takes } from './senses.js';

/** Candidate items of a head mention: what it names, and what its generic word may mean. */
export function candidatesOf(index: MenuIndex, head: Mention): ItemRef[] {
  const ids = [...head.items.map((s) => s.id), ...head.generic];
  return [...new Set(ids)].map((id) => index.ref(id)).filter((r): r is ItemRef => r !== null);
}

export const anyTakes = (index: MenuIndex, head: Mention, m: Mention, mode: Mode) =>
  candidatesOf(index, head).some((ref) => takes(index, ref, m.words, mode) !== null);
