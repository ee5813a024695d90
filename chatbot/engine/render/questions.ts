/**
 * Questions with buttons (up to three choices) or a list (up to ten): which size, which drink of a
 * bundle. The ids carry what the answer means ("opt:<line>:<option>"), so a tap comes back as a reply
 * that needs no memory of the question.
 */
import { buttonsReply, type ListRow, listReply, type Reply } from '../../answer.js';
import type { DraftItem } from '../../payload-types.js';
import type { Turn } from '../turn.js';
import { describeItem } from './lines.js';

/** The line as the question names it: "Pizza (Thin crust, Olives)", without its quantity. */
const lineName = (turn: Turn, item: DraftItem) => describeItem(turn, item).replace(/^\d+× /, '');

function choices(turn: Turn, text: string, rows: ListRow[]): Reply {
  if (rows.length <= 3)
    return buttonsReply(
      text,
      rows.map((r) => ({ id: r.id, title: r.title })),
    );
  return listReply(text, turn.t.btn.choose, rows, turn.t.moreThanListed);
}

export function askOption(turn: Turn, index: number, groupId: string): Reply | null {
  const menu = turn.location?.menu;
  const item = turn.items[index];
  const group = menu?.groups.find((g) => g.id === groupId);
  if (!menu || !item || !group) return null;
  const rows = group.options
    .filter((o) => o.available)
    .map((o) => ({
      id: `opt:${index}:${o.id}`,
      title: o.name,
      description: o.price.amount > 0 ? `+${turn.money(o.price)}` : undefined,
    }));
  return choices(turn, turn.t.askOption(group.name, lineName(turn, item)), rows);
}

export function askBundleLine(turn: Turn, index: number, lineId: string): Reply | null {
  const menu = turn.location?.menu;
  const item = turn.items[index];
  if (!menu || item?.type !== 'bundle') return null;
  const line = menu.bundles.find((b) => b.id === item.bundleId)?.lines.find((l) => l.id === lineId);
  if (!line) return null;
  const rows = line.choices
    .map((c) => ({ c, product: menu.products.find((p) => p.id === c.productId) }))
    .filter(({ product }) => product?.available)
    .map(({ c, product }) => ({
      id: `pick:${index}:${line.id}:${c.productId}`,
      title: product?.name ?? c.productId,
      description: c.surcharge && c.surcharge.amount > 0 ? `+${turn.money(c.surcharge)}` : undefined,
    }));
  return choices(turn, turn.t.askOption(line.name, lineName(turn, item)), rows);
}

/** The first required choice still open in the draft, as a question. */
export function missingChoice(turn: Turn): Reply | null {
  const menu = turn.location?.menu;
  if (!menu) return null;
  for (const [index, item] of turn.items.entries()) {
    const open = openChoice(turn, item);
    if (open?.kind === 'group') return askOption(turn, index, open.id);
    if (open?.kind === 'line') return askBundleLine(turn, index, open.id);
  }
  return null;
}

function openChoice(turn: Turn, item: DraftItem): { kind: 'group' | 'line'; id: string } | null {
  const menu = turn.location?.menu;
  if (!menu) return null;
  if (item.type === 'product') {
    const product = menu.products.find((p) => p.id === item.productId);
    for (const group of menu.groups.filter((g) => product?.groupIds.includes(g.id) && g.minChoices > 0)) {
      const units = (item.options ?? [])
        .filter((o) => group.options.some((x) => x.id === o.optionId))
        .reduce((n, o) => n + (o.quantity ?? 1), 0);
      if (units < group.minChoices) return { kind: 'group', id: group.id };
    }
    return null;
  }
  const bundle = menu.bundles.find((b) => b.id === item.bundleId);
  for (const line of bundle?.lines ?? []) {
    const picked = item.lines?.find((l) => l.lineId === line.id)?.items.length ?? 0;
    if (picked < line.minChoices) return { kind: 'line', id: line.id };
  }
  return null;
}
