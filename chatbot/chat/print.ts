/** How the terminal chat shows the bot's messages and the draft. */
import type { Message } from './platform.js';

const dim = (s: string) => `\x1b[2m${s}\x1b[0m`;
const bold = (s: string) => `\x1b[1m${s}\x1b[0m`;

/** The message, with its buttons and list rows numbered; returns the choices in that order. */
export function printMessage(m: Message, out: (line: string) => void): { id: string; title: string }[] {
  out(`${bold('bot>')} ${(m.text ?? '').replace(/\n/g, '\n     ')}`);
  const choices: { id: string; title: string; description?: string }[] = [
    ...(m.buttons ?? []),
    ...(m.list?.sections.flatMap((s) => s.rows) ?? []),
  ];
  for (const [i, c] of choices.entries()) {
    out(`     ${bold(`[${i + 1}]`)} ${c.title}${c.description ? dim(` — ${c.description}`) : ''}`);
  }
  return choices;
}

function money(m: { amount: number; currency: string } | null | undefined): string {
  if (!m) return '';
  const f = new Intl.NumberFormat('en-GB', { style: 'currency', currency: m.currency });
  return f.format(m.amount / 10 ** (f.resolvedOptions().maximumFractionDigits ?? 2));
}

/** The server's quote of the draft: its items, total and problems, on a few dim lines. */
export function printDraft(quote: any, out: (line: string) => void) {
  const items = (quote.items as any[]).map((i) => {
    const mods = (i.modifier_groups ?? []).flatMap((g: any) => g.modifiers.map((m: any) => m.name));
    return `${i.quantity}× ${i.name}${mods.length ? ` (${mods.join(', ')})` : ''}`;
  });
  out(
    dim(
      `     draft: ${items.join(', ') || 'empty'} — total ${money(quote.total)}${quote.valid ? ' — ready to place' : ''}`,
    ),
  );
  for (const p of quote.problems ?? []) out(dim(`            problem: ${p.code} (${p.param ?? 'location'})`));
}
