/**
 * The understanding corpus (./README.md): its menus as webhook-body menus, its messages with the drafts
 * they must give, and a check that every expected line is one the server would accept from that menu.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import formatsPlugin from 'ajv-formats';
import { Menu } from '../../../src/contracts/rest/menus.js';
import type { MenuDocument } from '../../../src/domain/menus/types.js';
import { checkMenu } from '../../../src/domain/menus/validate.js';
import { menuBody, restMenu } from '../menu-body.js';

export const CORPUS_DIR = fileURLToPath(new URL('.', import.meta.url));

export interface ExpectedLine {
  item?: string;
  bundle?: string;
  quantity: number;
  options?: string[];
  without?: string[];
  extra?: string[];
  picks?: string[];
}

export interface CorpusMessage {
  id: string;
  lang: 'en' | 'de';
  text: string;
  tags: string[];
  expect: ExpectedLine[];
  menu: string;
  split: 'dev' | 'test';
}

export interface CorpusMenu {
  name: string;
  language: string;
  document: MenuDocument;
  /** The menu as the webhook body carries it (camelCase, every item available). */
  body: Record<string, unknown>;
}

const ajv = new Ajv({ allErrors: true, strict: false });
const addFormats = (formatsPlugin as unknown as { default: typeof formatsPlugin }).default ?? formatsPlugin;
(addFormats as unknown as (a: Ajv) => void)(ajv);
const validMenu = ajv.compile(JSON.parse(JSON.stringify(Menu)) as object);

export function loadMenus(): Map<string, CorpusMenu> {
  const out = new Map<string, CorpusMenu>();
  for (const file of readdirSync(join(CORPUS_DIR, 'menus'))
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const name = file.replace(/\.json$/, '');
    const raw = JSON.parse(readFileSync(join(CORPUS_DIR, 'menus', file), 'utf8'));
    const document = raw.menu as MenuDocument;
    const rest = restMenu(document);
    if (!validMenu(rest)) {
      const first = validMenu.errors?.[0];
      throw new Error(`corpus menu ${file}: ${first?.instancePath} ${first?.message}`);
    }
    checkMenu(document, 'EUR');
    out.set(name, { name, language: raw.language, document, body: menuBody(document) });
  }
  return out;
}

export function loadMessages(): CorpusMessage[] {
  const out: CorpusMessage[] = [];
  for (const split of ['dev', 'test'] as const) {
    for (const file of readdirSync(join(CORPUS_DIR, split))
      .filter((f) => f.endsWith('.jsonl'))
      .sort()) {
      // "byo-pizza.jsonl", and more of the same menu in "byo-pizza.more.jsonl".
      const menu = file.replace(/(\.[a-z0-9-]+)?\.jsonl$/, '');
      const lines = readFileSync(join(CORPUS_DIR, split, file), 'utf8').split('\n');
      lines.forEach((line, i) => {
        if (line.trim() === '') return;
        try {
          out.push({ ...JSON.parse(line), menu, split });
        } catch (e) {
          throw new Error(`${split}/${file}:${i + 1}: ${(e as Error).message}`);
        }
      });
    }
  }
  return out;
}

const base = (id: string) => id.replace(/\*\d+$/, '');

/** Every way a message's expectation does not fit its menu (empty when the corpus is sound). */
export function corpusErrors(menus: Map<string, CorpusMenu>, messages: CorpusMessage[]): string[] {
  const errors: string[] = [];
  const ids = new Set<string>();
  for (const m of messages) {
    const at = `${m.split}/${m.menu} ${m.id}`;
    if (ids.has(m.id)) errors.push(`${at}: id used twice`);
    ids.add(m.id);
    const menu = menus.get(m.menu)?.document;
    if (!menu) {
      errors.push(`${at}: no menu ${m.menu}`);
      continue;
    }
    if (m.lang !== 'en' && m.lang !== 'de') errors.push(`${at}: lang ${m.lang}`);
    if (typeof m.text !== 'string' || m.text.trim() === '') errors.push(`${at}: no text`);
    if (!Array.isArray(m.tags) || m.tags.length === 0) errors.push(`${at}: no tags`);
    if (!Array.isArray(m.expect)) errors.push(`${at}: no expect`);
    for (const line of m.expect ?? []) {
      if (!Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > 200) {
        errors.push(`${at}: quantity ${line.quantity}`);
      }
      if (line.bundle) {
        const b = menu.bundles.find((x) => x.id === line.bundle);
        if (!b) errors.push(`${at}: no bundle ${line.bundle}`);
        for (const p of line.picks ?? []) {
          if (!b?.lines.some((l) => l.choices.some((c) => c.product_id === p))) {
            errors.push(`${at}: ${p} is no choice of ${line.bundle}`);
          }
        }
        continue;
      }
      const p = menu.products.find((x) => x.id === line.item);
      if (!p) {
        errors.push(`${at}: no product ${line.item}`);
        continue;
      }
      const groups = menu.modifier_groups.filter((g) => p.modifier_group_ids.includes(g.id));
      for (const o of line.options ?? []) {
        if (!groups.some((g) => g.options.some((x) => x.id === base(o)))) {
          errors.push(`${at}: ${o} is no option of ${p.id}`);
        }
      }
      for (const g of groups) {
        const chosen = (line.options ?? []).filter((o) => g.options.some((x) => x.id === base(o)));
        if (chosen.length > g.max_choices) errors.push(`${at}: more than ${g.max_choices} of ${g.id}`);
      }
      for (const w of line.without ?? []) {
        const i = p.ingredients.find((x) => x.id === w);
        if (!i?.removable) errors.push(`${at}: ${w} is no removable ingredient of ${p.id}`);
      }
      for (const e of line.extra ?? []) {
        if (!p.ingredients.find((x) => x.id === base(e))?.extra) errors.push(`${at}: no extra ${e} on ${p.id}`);
      }
    }
  }
  return errors;
}
