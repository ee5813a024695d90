/**
 * What the model is told: the restaurant (from the payload), its instructions (`ai_instructions`), the
 * menu with ids, the order as it stands, the customer, and the rules of this chatbot. The session's
 * messages follow as the chat history.
 */
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { runningOrder } from '../render/draft.js';
import { explainProblems } from '../render/problems.js';
import { addressText, openNowText } from '../render/service.js';
import type { Turn } from '../turn.js';

const LANGUAGE = { en: 'English', de: 'German' };

const off = (item: { available: boolean }) => (item.available ? '' : ' (unavailable)');
const part = (label: string, list: string[]) => (list.length ? ` ${label}: ${list.join(', ')}` : '');

function menuText(turn: Turn): string {
  const menu = turn.location?.menu;
  if (!menu) return '';
  const price = (m: { amount: number; currency: string }) => (m.amount ? ` +${turn.money(m)}` : '');
  const groups = menu.groups.map(
    (g) =>
      `- group ${g.id} "${g.name}" (choose ${g.minChoices}–${g.maxChoices}): ${g.options.map((o) => `${o.id} "${o.name}"${price(o.price)}${off(o)}`).join(', ')}`,
  );
  const products = menu.products.map((p) => {
    const ingredients = p.ingredients.map(
      (i) => `${i.id}${i.removable ? '' : ' (fixed)'}${i.extra ? ` extra${price(i.extra.price)}` : ''}`,
    );
    return `- ${p.id} "${p.name}" ${turn.money(p.price)}${off(p)}${part('groups', p.groupIds)}${part('ingredients', ingredients)}${part('allergens', p.allergens)}${part('tags', p.dietaryTags)}`;
  });
  const bundles = menu.bundles.map(
    (b) =>
      `- ${b.id} "${b.name}" ${turn.money(b.price)}: ${b.lines.map((l) => `${l.name} from ${l.choices.map((c) => c.productId).join('/')}`).join('; ')}`,
  );
  const categories = menu.categories.map((c) => `- ${c.name}: ${c.itemIds.join(', ')}`);
  return [
    ['Categories:', ...categories],
    ['Products:', ...products],
    ['Bundles:', ...bundles],
    ['Option groups:', ...groups],
  ]
    .flat()
    .join('\n');
}

function orderText(turn: Turn): string {
  if (turn.items.length === 0) return 'The order is empty.';
  const q = turn.p.quote;
  const lines = [runningOrder(turn)];
  if (q?.total) lines.push(`Server total: ${turn.money(q.total)}`);
  if (q && q.problems.length > 0) lines.push(`Problems: ${explainProblems(turn, q.problems).lines.join(' ')}`);
  return lines.join('\n');
}

export function systemPrompt(turn: Turn): string {
  const p = turn.p;
  const loc = turn.location;
  const org = p.organization;
  const parts = [
    `You are the ordering assistant of ${loc?.name ?? org?.name ?? 'a restaurant'} on a messaging app. Answer in ${LANGUAGE[turn.lang]}, in short chat messages (no markdown tables).`,
    'Use the tools for every change to the order and for facts; never invent dishes, prices or times.',
    'Placing: first show the order with show_order; only when ready_to_place is true and the customer has confirmed that priced order in a later message, call place_order. A new change means showing it again.',
    'Cancel an order only after the customer confirmed they want it cancelled.',
  ];
  if (loc) {
    parts.push(
      `Restaurant: ${loc.name}, ${addressText(loc.address)}. ${openNowText(turn)} Now it is ${turn.when(turn.now)}.`,
      `Tone: ${loc.ai.tone}. Restaurant's instructions: ${loc.ai.instructions || '(none)'}`,
      menuText(turn),
      `Current order:\n${orderText(turn)}`,
    );
  } else if (org) {
    parts.push(
      `This is ${org.name}, with these restaurants: ${org.locations.map((l) => `${l.id} ${l.name} (${addressText(l.address)})`).join('; ')}.`,
      'First find the right restaurant (find_location: from a shared pin, a named place or a typed postal code) and choose_location; ask for the postal code or a shared location if needed.',
    );
  }
  const c = p.customer;
  parts.push(
    `Customer: ${c.name ?? 'unknown name'}${c.notes ? `; notes: ${c.notes}` : ''}; ${p.orders.length} previous orders.`,
  );
  const moved = turn.switched;
  if (moved && loc) {
    const kept = moved.kept.length > 0 ? ` Their order came along: ${moved.kept.join(', ')}.` : '';
    const dropped =
      moved.dropped.length > 0 ? ` Not on this menu, so taken out of the order: ${moved.dropped.join(', ')}.` : '';
    parts.push(`The customer has just chosen ${loc.name}: say so.${kept}${dropped}`);
  }
  if (p.event.type === 'order_problems') {
    parts.push(
      `The server refused to place the order: ${explainProblems(turn, p.event.problems).lines.join(' ')} Explain and help fix it.`,
    );
  }
  return parts.join('\n\n');
}

export function chatMessages(turn: Turn): ChatCompletionMessageParam[] {
  const all = turn.p.history;
  // The session's history ends with the message being answered; it is added below, with its pin.
  const tail = all[all.length - 1];
  const history = (tail?.direction === 'inbound' ? all.slice(0, -1) : all).filter((m) => m.text);
  const messages: ChatCompletionMessageParam[] = [{ role: 'system', content: systemPrompt(turn) }];
  for (const m of history.slice(-30)) {
    messages.push({ role: m.direction === 'inbound' ? 'user' : 'assistant', content: m.text ?? '' });
  }
  const last = turn.p.lastMessage;
  const pin = last.location ? ` [shared location ${last.location.latitude}, ${last.location.longitude}]` : '';
  messages.push({ role: 'user', content: `${turn.text}${pin}`.trim() || '(no text)' });
  return messages;
}
