/**
 * Questions about the menu and the service. Several may be asked at once ("are you open today and do you
 * deliver?"): each gets its paragraph in one reply.
 */
import { type Reply, textReply } from '../../answer.js';
import { type ItemRef, nameTokens, scoreTokens } from '../menu/match.js';
import { allergenIn, dietaryTag, freeOf, type IntentName } from '../parse/intents.js';
import * as menu from '../render/menu.js';
import * as service from '../render/service.js';
import { canonWords } from '../text/normalize.js';
import type { Turn } from '../turn.js';

/** Menu items the text names, best first (at most three). */
export function itemsNamed(turn: Turn, text: string): ItemRef[] {
  const index = turn.index;
  if (!index) return [];
  const words = canonWords(text);
  const found = index.find(words);
  if (found.length === 0) return [];
  const best = found[0].score;
  return found
    .filter((f) => best - f.score < 0.15)
    .slice(0, 3)
    .map((f) => f.ref);
}

function categoryNamed(turn: Turn, text: string): string | null {
  const words = canonWords(text);
  const hit = turn.location?.menu.categories
    .map((c) => ({ c, score: scoreTokens(words, nameTokens(c.name)).score }))
    .filter((x) => x.score >= 0.9)
    .sort((a, b) => b.score - a.score)[0];
  return hit?.c.id ?? null;
}

/** Answers the service and menu questions in the message; false when it asks none. */
export function answerQuestions(turn: Turn, text: string, intents: Set<IntentName>): boolean {
  const paragraphs: string[] = [];
  const extra: Reply[] = [];
  const has = (i: IntentName) => intents.has(i);
  // "the menu" names the menu, not the "Pranzo Menu".
  const items = itemsNamed(turn, has('menu') ? text.replace(/\b(menu|menü|speisekarte|karte)\b/gi, ' ') : text);
  const tag = dietaryTag(text);
  const free = freeOf(text);
  const allergen = allergenIn(text);

  // "today" alone asks about today's hours, unless the question is about the menu ("sold out today?").
  const aboutMenu = has('unavailable') || has('menu') || has('details') || has('price');
  if (has('hours') || (has('today') && has('question') && !aboutMenu)) {
    if (has('week')) paragraphs.push(service.weekText(turn));
    else if (has('today')) paragraphs.push(service.todayText(turn));
    else paragraphs.push(service.openNowText(turn));
  } else if (has('week') && has('question')) paragraphs.push(service.weekText(turn));
  if (has('closings')) paragraphs.push(service.closingsText(turn));
  if (has('address') || has('contact')) paragraphs.push(service.contactText(turn));
  if (has('minimum')) paragraphs.push(service.minimumText(turn));
  else if (has('delivery') && (has('question') || !has('ordering'))) {
    const pin = turn.draft.deliveryAddress;
    const point =
      pin?.latitude != null && pin.longitude != null ? { latitude: pin.latitude, longitude: pin.longitude } : null;
    paragraphs.push(service.deliveryText(turn, point));
  }
  if (has('services') && has('question') && !has('delivery')) paragraphs.push(service.servicesText(turn));
  if (has('payment') && has('question')) paragraphs.push(service.paymentText(turn));
  if (has('promotions') && (has('question') || paragraphs.length === 0) && items.length === 0) {
    paragraphs.push(service.promotionsText(turn));
  }
  if (has('unavailable')) paragraphs.push(menu.unavailableText(turn));

  const menuQuestion = has('question') || has('details') || has('price') || has('menu') || tag !== null;
  const category = has('menu') || has('question') ? categoryNamed(turn, text) : null;
  if (menuQuestion) {
    // "What pizzas do you have?" asks for the category, even when a product is called "Pizza".
    if (category && has('menu') && !has('details') && !has('price')) extra.push(...menu.categoryReply(turn, category));
    else if (tag && items.length === 1 && /^(is|are|ist|sind)\b/i.test(text.trim())) {
      const yes = items[0].item.dietaryTags.includes(tag);
      paragraphs.push(turn.t.isTagged(items[0].item.name, turn.t.tagName[tag] ?? tag, yes));
    } else if (tag && !has('details') && !has('price')) paragraphs.push(menu.taggedText(turn, tag));
    else if (items.length > 0 && allergen && !free && (has('question') || has('details'))) {
      paragraphs.push(...items.map((r) => menu.containsText(turn, r, allergen)));
    } else if (items.length > 0 && (has('details') || has('price') || has('question'))) {
      paragraphs.push(...items.map((r) => menu.itemDetails(turn, r)));
    } else if (free && items.length === 0) paragraphs.push(menu.withoutAllergenText(turn, free));
    else if (tag && items.length === 0) paragraphs.push(menu.taggedText(turn, tag));
    else if (category) extra.push(...menu.categoryReply(turn, category));
    else if (has('menu') && paragraphs.length === 0) extra.push(menu.menuOverview(turn));
  }
  if (paragraphs.length === 0 && extra.length === 0) return false;
  if (paragraphs.length > 0) turn.say(textReply(paragraphs.filter(Boolean).join('\n\n')));
  turn.say(...extra);
  return true;
}
