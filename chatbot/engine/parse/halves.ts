/**
 * "a large half pepperoni half sausage", "half with ham and half with mushrooms": toppings by halves, which
 * a line for the whole item cannot have. They are left out and named as not done (the customer is told),
 * rather than all put on the whole. The item is still the one they named. A count split in halves ("20
 * wings half hot half mild") was read before (./order-counts.ts `splitHalves`).
 */
import { spans } from './add-line.js';
import { isSingle, type Reading } from './lines.js';
import { takes } from './senses.js';

const HALF = new Set(['half', 'halb', 'halbe', 'halben', 'halfte']);
const STOP = /^[,;.:!?]$/;

export function halvesLeftOut(r: Reading): void {
  const { index, raw } = r;
  for (const line of r.out.lines) {
    const p = spans.get(line);
    if (!p || line.ref.kind !== 'product') continue;
    // A topping with "half" right before it, in the same stretch of the message.
    const halved = p.mods.flatMap((m) => {
      if (m.mode !== 'with') return [];
      const before = raw.slice(Math.max(p.from, m.m.at - 3), m.m.at);
      const stop = before.findLastIndex((w) => STOP.test(w));
      if (!before.slice(stop + 1).some((w) => HALF.has(w))) return [];
      const e = takes(index, line.ref, m.m.words, 'with');
      return e?.kind === 'option' && !isSingle(index, e.groupId) ? [{ m, optionId: e.optionId }] : [];
    });
    if (halved.length < 2) continue;
    const ids = new Set(halved.map((h) => h.optionId));
    line.mods.options = line.mods.options.filter((o) => !ids.has(o.optionId));
    line.mods.unknown.push(halved.map(({ m }) => `half ${raw.slice(m.m.at, m.m.at + m.m.len).join(' ')}`).join(', '));
  }
}
