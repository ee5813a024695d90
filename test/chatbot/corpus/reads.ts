/** One message read on a corpus menu as the first of a conversation, for the reader's unit tests. */
import assert from 'node:assert/strict';
import { type CorpusMenu, type CorpusMessage, type ExpectedLine, loadMenus } from './load.js';
import { understand } from './run.js';

const menus = loadMenus();

/** The draft the engine makes of `text` on `menu` is exactly `expect`. */
export async function reads(menu: string, text: string, expect: ExpectedLine[], lang: 'en' | 'de' = 'en') {
  const message: CorpusMessage = { id: 'unit', lang, text, tags: [], expect, menu, split: 'dev' };
  const o = await understand(menus.get(menu) as CorpusMenu, message);
  assert.deepEqual(o.got, o.want, text);
}

/** The draft's lines the engine makes of `text` on `menu`, as the corpus prints them. */
export async function linesOf(menu: string, text: string, lang: 'en' | 'de' = 'en'): Promise<string[]> {
  const message: CorpusMessage = { id: 'unit', lang, text, tags: [], expect: [], menu, split: 'dev' };
  return (await understand(menus.get(menu) as CorpusMenu, message)).got;
}
