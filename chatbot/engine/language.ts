/**
 * Which language to answer in: the message's own (when it is clearly German or English), else the one
 * the customer wrote in last in this session, else the one kept for the customer, else the location's
 * default; always one the restaurant allows (its default and `ai_instructions.languages`) and this
 * chatbot speaks (English, German). Anything else gets English. A tapped button or list row (or its title
 * typed back) is our own word, not the customer's: "München" tapped in an English conversation says
 * nothing about the language.
 */
import type { Lang, LocationView, Payload } from '../payload-types.js';
import { fold } from './text/normalize.js';

export const SPOKEN: Lang[] = ['en', 'de'];

// biome-ignore format: word lists
const DE = new Set([
  'ich', 'und', 'bitte', 'mit', 'ohne', 'eine', 'einen', 'ist', 'habt', 'ihr', 'wann', 'wie', 'was', 'heute',
  'danke', 'hallo', 'bestellen', 'mochte', 'gerne', 'gern', 'zwei', 'drei', 'die', 'der', 'das', 'nicht', 'auch',
  'noch', 'kein', 'keine', 'fur', 'wo', 'meine', 'mein', 'bestellung', 'geoffnet', 'offen', 'liefert', 'lieferung',
  'abholen', 'speisekarte', 'karte', 'hatte', 'ja', 'nein', 'zu', 'auf', 'gibt', 'es', 'bis', 'uhr', 'morgen',
  'sie', 'wir', 'dem', 'den', 'vom', 'zum', 'guten', 'tag', 'servus', 'moin', 'genau', 'stimmt', 'passt',
]);
// biome-ignore format: word lists
const EN = new Set([
  'i', 'and', 'please', 'with', 'without', 'the', 'is', 'do', 'you', 'when', 'how', 'what', 'today', 'tomorrow',
  'thanks', 'thank', 'hello', 'hi', 'order', 'want', 'would', 'like', 'two', 'three', 'can', 'have', 'my', 'are',
  'open', 'deliver', 'delivery', 'pick', 'menu', 'yes', 'no', 'to', 'of', 'for', 'where', 'which', 'some', 'get',
  'could', 'a', 'an', 'it', 'me', 'we', 'your', 'there', 'hey', 'good', 'morning', 'evening', 'yeah', 'sure',
]);

/** The message's language when its words say so clearly; null for "Margherita" or "ok". */
export function detectLanguage(text: string): Lang | null {
  const raw = text.toLowerCase();
  const words = fold(text)
    .split(/[^a-z]+/)
    .filter(Boolean);
  let de = /[äöüß]/.test(raw) ? 2 : 0;
  let en = 0;
  for (const w of words) {
    if (DE.has(w)) de++;
    if (EN.has(w)) en++;
  }
  if (de >= 1 && de > en) return 'de';
  if (en >= 1 && en > de) return 'en';
  return null;
}

const base = (tag: string | null | undefined): string | null => tag?.toLowerCase().split(/[-_]/)[0] ?? null;

export function allowedLanguages(loc: LocationView | null): Lang[] {
  if (!loc) return SPOKEN;
  const tags = [loc.defaultLanguage, ...loc.ai.languages].map(base);
  const ours = tags.filter((t): t is Lang => SPOKEN.includes(t as Lang));
  return ours.length > 0 ? [...new Set(ours)] : ['en'];
}

/** The title of a button or row we offered, tapped or typed back: it does not tell the customer's language. */
function isOurChoice(p: Payload, text: string): boolean {
  if (p.lastMessage.type === 'reply') return true;
  const key = (s: string) =>
    fold(s)
      .replace(/[^a-z0-9]+/g, ' ')
      .trim();
  const typed = key(text);
  if (!typed) return false;
  for (let i = p.history.length - 1; i >= 0; i--) {
    const m = p.history[i];
    if (m.direction !== 'outbound') continue;
    return [...m.buttons, ...m.rows].some((c) => key(c.title) === typed);
  }
  return false;
}

/** The language of the customer's latest earlier message that clearly had one. */
function conversationLanguage(p: Payload): Lang | null {
  // The history ends with the message being answered: that one is judged on its own.
  const end = p.history.at(-1)?.direction === 'inbound' ? p.history.length - 1 : p.history.length;
  for (let i = end - 1; i >= 0; i--) {
    const m = p.history[i];
    if (m.direction !== 'inbound' || m.type !== 'text' || !m.text) continue;
    const lang = detectLanguage(m.text);
    if (lang) return lang;
  }
  return null;
}

export function chooseLanguage(p: Payload, loc: LocationView | null, text: string) {
  const detected = isOurChoice(p, text) ? null : detectLanguage(text);
  const allowed = allowedLanguages(loc);
  const wanted = [detected, conversationLanguage(p), base(p.customer.language), base(loc?.defaultLanguage)];
  const lang = (wanted.find((l) => l && allowed.includes(l as Lang)) as Lang | undefined) ?? allowed[0];
  return { lang, detected };
}
