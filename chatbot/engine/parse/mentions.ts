/**
 * The first reading of a message: every span that names something the menu knows, longest first, with
 * all it might be (an item, a generic word for several, an option or ingredient some item takes, a dish
 * number), and between them the closed-class words: quantities, cues ("no", "extra", "with"),
 * separators. Nothing is attached to anything yet (./phrases.ts does that).
 */
import type { Lexicon } from '../menu/lexicon.js';
import { type ItemRef, isNameStop, type MenuIndex, nameTokens } from '../menu/match.js';
import { fullyNamed, matchPhrase } from '../menu/phrase.js';
import type { VocabEntry } from '../menu/vocab.js';
import { wordMatch } from '../text/fuzzy.js';
import { ADJECTIVAL_GENERIC, NAME_ALTERNATIVES } from '../text/glossary.js';
import { canon, words } from '../text/normalize.js';
import { quantityAt } from '../text/numbers.js';
import { splitCompounds } from './compounds.js';
import { withGroupNoun } from './group-nouns.js';
import type { Mention } from './reading.js';
import { GENERIC_CONCEPTS, KIND_OF } from './senses.js';
import { type Cue, cueOf, FILLER, POUR, type Tok } from './tokens.js';

export type { ItemSense, Mention } from './reading.js';

export type Unit =
  | Mention
  | { kind: 'qty'; at: number; len: number; value: number }
  | { kind: 'cue'; at: number; cue: Cue }
  | { kind: 'sep'; at: number; sep: 'punct' | 'and' }
  | { kind: 'word'; at: number; w: string; filler: boolean };

const ITEM_MIN = 0.45;
const MOD_MIN = 0.5;
const UNITISH = /^(\d+(\.\d+)?|cm|liter|ml|cl|ounce|inch)$/;
const PIECES = /^(piece|pieces|pc|pcs|stk|stuck|stueck|count|er|pack|teilig)$/;
const NUMBER_WORD = new Set(['nr', 'number', 'nummer', 'num']);
const ARTICLES = new Set([
  'a',
  'an',
  'the',
  'one',
  'ein',
  'eine',
  'einen',
  'einem',
  'einer',
  'der',
  'die',
  'das',
  'ne',
  'nen',
]);
/** Words for the default choice of a group ("a regular coke", "normale Größe"): see Mention.weak. */
const DEFAULT_WORDS = new Set(['regular', 'reg', 'normal', 'normale', 'normalen', 'normaler', 'standard']);

/** Words that say a generic word that is an adjective too is one ("very sweet"). */
const DEGREE = new Set(['very', 'too', 'so', 'quite', 'really', 'pretty', 'super', 'is', 'are', 'not', 'that', 'how']);

function modsFor(lex: Lexicon, content: string[]): VocabEntry[] {
  const found: { e: VocabEntry; score: number }[] = [];
  for (const e of lex.modifiers) {
    const score = matchPhrase(content, e.tokens);
    if (score >= MOD_MIN) found.push({ e, score });
  }
  if (found.length === 0) return [];
  const best = Math.max(...found.map((f) => f.score));
  return found.filter((f) => f.score >= best - 0.2).map((f) => f.e);
}

/** A word that may stand at the edge of a longer name: not filler, not a cue, not a number word. */
const edge = (t: Tok) => !FILLER.has(t.w) && !cueOf(t.w) && (/^\d/.test(t.w) || quantityAt([t.w, 'x'], 0) === null);

/** The canonical words of what a product is made of (its ingredients' names): how customers describe it. */
const madeOf = new WeakMap<object, Set<string>>();
function madeOfWords(ref: ItemRef): Set<string> {
  let got = madeOf.get(ref.item);
  if (!got) {
    const ingredients = ref.kind === 'product' ? ref.item.ingredients : [];
    got = new Set(ingredients.flatMap((i) => words(i.name).map(canon)));
    madeOf.set(ref.item, got);
  }
  return got;
}

/**
 * "a bacon cheeseburger" for the "Bacon Burger" (beef, bacon, cheddar…), "the ham and cheese pizza" for the
 * "Pizza Schinken": a name said with what the dish is made of. Words left over by the name count as said
 * when they are its ingredients, if the name itself was named by a word of its own (not only "pizza"); a
 * little less than the name alone. (Given negative positions: their order among the name's is free.)
 */
function described<F extends { ref: ItemRef; score: number; used: Set<number> }>(f: F, content: string[]): F {
  if (f.ref.kind !== 'product' || f.score < 0.99 || f.used.size >= content.length) return f;
  const own = [...f.used].some((at) => at >= 0 && !GENERIC_CONCEPTS.has(content[at]));
  if (!own) return f;
  const made = madeOfWords(f.ref);
  const rest = content.map((_, k) => k).filter((k) => !f.used.has(k));
  // (Before the name's last word, as modifiers stand: "a cheeseburger and onion rings" is two things.)
  const last = Math.max(...f.used);
  if (!rest.every((k) => made.has(content[k]) && k < last)) return f;
  return { ...f, score: f.score - 0.05, used: new Set([...f.used, ...rest.map((k) => -100 - k)]) };
}

function mentionAt(index: MenuIndex, lex: Lexicon, toks: Tok[], i: number, n: number): Mention | null {
  const span = toks.slice(i, i + n);
  if (span.some((t, k) => t.sep === 'punct' || (t.sep === 'and' && (k === 0 || k === n - 1 || n < 3)))) return null;
  const first = span[0];
  const last = span[n - 1];
  const m: Mention = { kind: 'mention', at: i, len: n, items: [], generic: [], mods: [], words: [] };
  // A dish by its number: "Nr. 14", "number 7", "#23".
  if (n === 2 && NUMBER_WORD.has(first.w) && /^\d{1,3}$/.test(last.w)) {
    const id = lex.numbers.get(Number(last.w));
    if (id) m.items.push({ id, score: 1 });
    m.words = [last.w];
    return m.items.length ? m : null;
  }
  const said = span
    .filter((t, k) => !t.sep && !(n > 1 && (FILLER.has(t.w) || (k > 0 && k < n - 1 && isNameStop(t.c)))))
    .map((t) => t.c);
  if (said.length === 0) return null;
  // "Pizza Prosciutto" is the pizzeria's Pizza Schinken; "with prosciutto" is no ham topping.
  const content = said.map((w) => (NAME_ALTERNATIVES[w] && !lex.knows(w) ? NAME_ALTERNATIVES[w] : w));
  const asName = content.some((w, k) => w !== said[k]);
  // "2 bottles of water": a number first is how many, unless its unit follows ("2 liter bottle").
  const second = span[1]?.c ?? '';
  if (n > 1 && /^\d+$/.test(first.c) && (!UNITISH.test(second) || /^\d/.test(second)) && !PIECES.test(second))
    return null;
  if (!lex.knows(content[0]) || !lex.knows(content[content.length - 1])) return null;
  m.words = content;
  if (n === 1 && DEFAULT_WORDS.has(first.w)) m.weak = true;
  // A cue ("extra", "no") or a filler word begins a longer name only when the whole name is said ("Extra hot").
  const whole = n === 1 ? !(cueOf(first.w) || FILLER.has(first.w)) : edge(first) && edge(last);
  // (A cue at the end begins what follows: "large extra cheese", "extra large extra cheese"; "zwei Shots
  // extra und Vanille" ends there.)
  const next = toks[i + n];
  if (n > 1 && cueOf(last.w) === 'extra' && next && !next.sep && !FILLER.has(next.w) && lex.knows(next.c)) return null;
  // In the name's own word order ("double cheeseburger", not "cheeseburger double [patty]").
  // (The name's numbers and units said too are marked with negative positions: they have no order to keep.)
  // (A category's word may stand anywhere: "four cheese pizza" is the Pizza Quattro Formaggi.)
  // (Words before the name's head noun may come in any order, the head staying last: "peach iced tea" for
  // "Iced Peach Tea".)
  const inOrder = (used: Set<number>) => {
    const all = [...used].filter((a) => a >= 0);
    const at = all.filter((a) => !GENERIC_CONCEPTS.has(content[a]));
    return at.every((a, k) => k === 0 || a > at[k - 1]) || (all.length > 2 && all[all.length - 1] === Math.max(...all));
  };
  // "quesadilla" for "Quesadilla de Flor de Calabaza": a word of one name only, and no modifier's word,
  // singles the item out ("chicken" in "Chicken Satay" does not: it is also a protein).
  // (Not a deal by one word of its name: "have a good day" names no "Game Day Deal"; "pizza night" does
  // name the "Pizza Night for Two".)
  const unique = (f: { ref: ItemRef; used: Set<number> }) =>
    (f.ref.kind === 'product' || f.used.size >= 2) &&
    content.some((w) => index.df(w) === 1 && !lex.modifierWords.has(w) && nameTokens(f.ref.item.name).includes(w));
  // "pizza and 2 liter deal" for "Pizza + 2 Liter Deal": the name's numbers and units may be said too.
  // A number is a measure only with its unit after it: "2 pizza" counts pizzas, it names no "2 Liter" deal.
  const isUnit = (w: string | undefined) => w !== undefined && UNITISH.test(w) && !/^\d/.test(w);
  const measures = content.filter(
    (w, k) => isUnit(w) || (/^\d/.test(w) && (isUnit(content[k + 1]) || PIECES.test(content[k + 1] ?? ''))),
  );
  const named =
    measures.length > 0 && measures.length < content.length ? content.filter((w) => !UNITISH.test(w)) : content;
  // (…the cue's list goes on over the modifiers said after it: "with bacon, red onions and bbq chicken".)
  let k = i - 1;
  while (k > 0 && (toks[k].w === ',' || lex.modifierWords.has(toks[k].c))) k--;
  const cuedList = k >= 0 && cueOf(toks[k].w) !== null && span.some((t) => t.sep === 'and');
  const found = index
    .find(named, 0.2)
    // …and then every other word of the name too ("pizza and a 2 liter coke" is no "Pizza + 2 Liter Deal").
    .filter(
      (f) =>
        named === content ||
        (f.score >= 0.99 && measures.every((w) => (lex.fullTokens.get(f.ref.item.id) ?? []).includes(w))),
    )
    .map((f) => (named === content ? f : { ...f, used: new Set([...f.used, ...measures.map((_, k) => -1 - k)]) }))
    // (Not across an article: "croutons and a garden salad" begins another thing at "a"; nor across "and"
    // after a cue, whose words are the cue's: "mit extra Parmesan und Spaghetti Napoli" is two things.)
    .map((f) => (span.slice(1).some((t) => ARTICLES.has(t.w)) || cuedList ? f : described(f, content)))
    .map((f) => (unique(f) ? { ...f, score: 0.5 + f.score / 2 } : f))
    .sort((a, b) => b.score - a.score)
    .filter((f) => f.score >= ITEM_MIN && f.used.size === content.length && inOrder(f.used))
    .filter((f, _, all) => f.ref.kind === 'product' || f.score >= 0.99 || all.every((x) => x.ref.kind === 'bundle'));
  const best = found[0]?.score ?? 0;
  m.items = found
    .filter((f) => f.score >= best - 0.15 && (whole || f.score >= 0.99))
    .map((f) => ({ id: f.ref.item.id, score: f.score }));
  for (const g of lex.generics) {
    if (g.tokens.length === content.length && g.tokens.every((t, k) => wordMatch(content[k], t) >= 0.9)) {
      for (const id of g.ids) if (!m.generic.includes(id)) m.generic.push(id);
    }
  }
  // "Tonno" on a menu with a Pizza Tonno and a Thunfischsalat: the word as one name spells it, not the
  // concept both share.
  if (whole && m.generic.length > 1 && !m.items.some((s) => s.score >= 0.99)) {
    const said = span.filter((t) => !t.sep && !FILLER.has(t.w)).map((t) => t.w);
    const spelt = m.generic.filter((id) => {
      const name = index.ref(id)?.item.name;
      // (Its other words only its category's: "Pizza Tonno", not "Coke Zero" for "coke".)
      const named = name === undefined ? [] : words(name);
      const rest = named.filter((w) => !said.includes(w) && !GENERIC_CONCEPTS.has(canon(w)));
      return named.length > 0 && said.every((w) => named.includes(w)) && rest.length === 0;
    });
    if (spelt.length === 1 && said.some((w) => canon(w) !== w)) {
      m.items = [{ id: spelt[0], score: 0.9 }];
      m.generic = [];
    }
  }
  // "latte" is what several names share, not a part of one of them.
  if (m.generic.length > 0) m.items = m.items.filter((s) => s.score >= 0.99);
  m.mods = modsFor(lex, content);
  // "hot sauce", "sauce hot", "on the hand-tossed crust": a group's noun said with a choice, or alone.
  const unknownBefore = i > 0 && !toks[i - 1].sep && !FILLER.has(toks[i - 1].w) && !lex.knows(toks[i - 1].c);
  const grouped = withGroupNoun(index, content, m.mods, unknownBefore, (ws) => modsFor(lex, ws));
  m.mods = grouped.mods;
  m.words = grouped.words;
  // ("pizza" alone is the category's word, not the end of the "Familienpizza" size.)
  if (content.every((w) => GENERIC_CONCEPTS.has(w)))
    m.mods = m.mods.filter(
      (e) => e.kind !== 'option' || e.tokens.every((t) => content.includes(t) || /^\d|^(cm|x)$/.test(t)),
    );
  if (!whole) {
    // Said whole, cue and all: "extra large", "no bun" (Lettuce wrap (no bun)) — never "one medium and one".
    const all = span.filter((t) => !t.sep).map((t) => t.c);
    m.mods = m.mods.filter((e) => fullyNamed(all, e.tokens));
    m.items = m.items.filter((s) => {
      const ref = index.ref(s.id);
      return ref !== null && fullyNamed(all, nameTokens(ref.item.name));
    });
    m.generic = [];
  }
  // A filler or cue word inside a span only where the name has it too ("Fish and Chips", not "Pizzen mit
  // Schinken").
  const inner = span
    .slice(1, -1)
    .filter((t) => !t.sep && (FILLER.has(t.w) || cueOf(t.w)))
    .map((t) => t.w);
  if (inner.length > 0) {
    const has = (name: string) => inner.every((w) => words(name).includes(w));
    m.items = m.items.filter((s) => has(index.ref(s.id)?.item.name ?? ''));
    m.generic = [];
    m.mods = m.mods.filter((e) => has(e.name));
  }
  // "honey garlic and garlic knots": across "and" only a modifier whose name has it ("Smoked salmon & cream
  // cheese"); two modifiers or a modifier and an item are two mentions.
  if (span.some((t) => t.sep === 'and')) m.mods = m.mods.filter((e) => /(^|\s)(and|und|&)(\s|$)/i.test(e.name));
  if (asName) {
    m.mods = [];
    m.generic = [];
  }
  return m.items.length || m.generic.length || m.mods.length ? m : null;
}

/** The message's tokens as the reader uses them (compounds split), and its units, left to right. */
const FOR_WHOM = new Set([
  'my',
  'our',
  'his',
  'her',
  'their',
  'mein',
  'meine',
  'meinen',
  'meinem',
  'unser',
  'unsere',
  'unseren',
]);

export function readUnits(index: MenuIndex, lex: Lexicon, given: Tok[]): Unit[] {
  const toks = splitCompounds(lex, given);
  if (toks.length !== given.length) given.splice(0, given.length, ...toks);
  const units: Unit[] = [];
  const raw = toks.map((t) => t.w);
  for (let i = 0; i < toks.length; ) {
    const t = toks[i];
    if (t.sep) {
      units.push({ kind: 'sep', at: i, sep: t.sep });
      i += 1;
      continue;
    }
    let m: Mention | null = null;
    // (A span ends inside a split compound only when it begins with it: "Käse + Pizzabrötchen" is no
    // "Käse pizza", the rest of the word would be left naming something else.)
    const cuts = (n: number) => toks[i + n]?.cont === true && !toks.slice(i + 1, i + n).every((t) => t.cont);
    for (let n = Math.min(5, toks.length - i); n >= 1 && !m; n--) if (!cuts(n)) m = mentionAt(index, lex, toks, i, n);
    // "for my kid", "für meinen Sohn": whom it is for, never a dish ("kid" of the Kids Meal).
    if (m && /^(for|fur|fuer)$/.test(raw[i - 2] ?? '') && FOR_WHOM.has(raw[i - 1] ?? '')) m = null;
    // "for a party:", "for the family": what the order is for, at the end of what is said, is no size.
    const after = toks.slice(i + 1).find((t) => !FILLER.has(t.w));
    const occasion =
      /^(for|fur|fuer)$/.test(raw[i - 2] ?? '') &&
      /^(a|an|the|die|eine)$/.test(raw[i - 1] ?? '') &&
      (after === undefined || after.sep !== null);
    if (m?.len === 1 && m.items.length + m.generic.length === 0 && occasion) m = null;
    // "for dessert three cannolis", "als Getränk eine Cola": a category's word after "for" or "as" says
    // what follows; it orders nothing of its own when something follows it.
    const purpose = /^(for|as|als|zum|zur|fur|fuer)$/.test(raw[i - 1] ?? '');
    if (m?.len === 1 && m.items.length === 0 && m.generic.length > 0 && purpose && after && after.sep === null)
      m = null;
    // "a 1 liter sprite" where the bottles hold 2 liters: a unit whose number named no measure of the menu
    // (that span found nothing) is no mention of its own.
    if (m && /^(l|liter|litre|ltr|lt|ml|cl|oz|ounces?)$/.test(t.w) && /^\d+(\.\d+)?$/.test(raw[i - 1] ?? '')) m = null;
    // "is it very sweet?": a generic word that is an adjective too, said as one, is no item.
    if (m?.len === 1 && m.items.length === 0 && ADJECTIVAL_GENERIC.has(t.w) && DEGREE.has(raw[i - 1] ?? '')) m = null;
    const q = quantityAt(raw, i);
    // "2 liter bottle" names a container; "2 pizzas" counts them: a quantity wins over a one-word mention.
    if (m && !(q && m.len <= q.length)) {
      units.push(m);
      i += m.len;
      continue;
    }
    if (q) {
      units.push({ kind: 'qty', at: i, len: q.length, value: q.value });
      i += q.length;
      continue;
    }
    // "actually no, make it sausage", "no wait, make it two": "no" said on its own takes back what came
    // before; it leaves nothing out.
    const retracting = t.w === 'no' && (toks[i + 1] === undefined || toks[i + 1].sep !== null || raw[i + 1] === 'wait');
    const cue = retracting ? null : cueOf(t.w);
    if (cue) units.push({ kind: 'cue', at: i, cue });
    else units.push({ kind: 'word', at: i, w: t.w, filler: FILLER.has(t.w) });
    i += 1;
  }
  return pouredOf(kindNouns(describingWords(index, units)), raw);
}

/**
 * "an extra shot of espresso", "a pump of vanilla syrup": a modifier whose words end in a measure ("shot",
 * "pump") said with what it measures after "of": that is the modifier's own word, no item ordered.
 */
function pouredOf(units: Unit[], raw: string[]): Unit[] {
  const out: Unit[] = [];
  for (let k = 0; k < units.length; k++) {
    const [u, of, v] = [units[k], units[k + 1], units[k + 2]];
    const measured = u.kind === 'mention' && u.mods.length > 0 && POUR.has(raw[u.at + u.len - 1] ?? '');
    if (measured && of?.kind === 'word' && /^(of|von)$/.test(of.w) && v?.kind === 'mention' && v.mods.length === 0) {
      out.push({ ...u, len: v.at + v.len - u.at });
      k += 2;
      continue;
    }
    out.push(u);
  }
  return out;
}

/**
 * "jalapeño peppers", "portobello mushrooms", "parmesan cheese": a modifier said with the noun of its kind
 * after it is that modifier; the noun names nothing more (not the green peppers too).
 */
function kindNouns(units: Unit[]): Unit[] {
  const out: Unit[] = [];
  for (const u of units) {
    const prev = out[out.length - 1];
    if (prev?.kind === 'mention' && prev.mods.length > 0 && u.kind === 'mention' && u.len === 1) {
      const kind = KIND_OF.get(prev.words[prev.words.length - 1]);
      if (kind && u.words[0] === kind && u.at === prev.at + prev.len) {
        out[out.length - 1] = { ...prev, len: prev.len + 1 };
        continue;
      }
    }
    out.push(u);
  }
  return out;
}

/**
 * "roasted red peppers": a word that names modifiers only by a word before their noun ("red" of "Red
 * Onions"), right before another modifier's noun, describes that one; it names nothing of its own.
 */
function describingWords(index: MenuIndex, units: Unit[]): Unit[] {
  return units.map((u, k) => {
    const v = units[k + 1];
    if (u.kind !== 'mention' || v?.kind !== 'mention' || u.len !== 1 || u.items.length + u.generic.length > 0) return u;
    const word = u.words[0];
    // (By the name without its bracket: "Large (14\")" is large itself.)
    const bare = (name: string) => words(name.replace(/\(.*$/, '')).map(canon);
    // (…and not a style whose noun is its group's: "thin" of "Thin Crust" in "Crust & Style".)
    const groupWord = (e: VocabEntry, w: string) =>
      e.kind === 'option' && nameTokens(index.menu.groups.find((g) => g.id === e.groupId)?.name ?? '').includes(w);
    const before =
      u.mods.length > 0 &&
      u.mods.every((e) => {
        const name = bare(e.name);
        const noun = name.at(-1) ?? word;
        return name.length > 1 && noun !== word && !groupWord(e, noun);
      });
    const other = v.mods.length > 0 && v.mods.every((e) => !u.mods.includes(e));
    return before && other ? { kind: 'word', at: u.at, w: word, filler: false } : u;
  });
}
