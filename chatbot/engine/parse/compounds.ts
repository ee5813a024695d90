/**
 * Words split and joined as the menu writes them: German compounds the menu does not spell as one word
 * are split against its words, two words it writes as one are joined, and a few words the menu knows by
 * another are read as that one.
 */
import type { Lexicon } from '../menu/lexicon.js';
import { ALTERNATIVES, GLOSSARY } from '../text/glossary.js';
import { canon, conceptNear } from '../text/normalize.js';
import { KIND_OF } from './senses.js';
import type { Tok } from './tokens.js';

/**
 * German compounds the menu does not spell as one word: "Frühlingsrollen" → Frühlings + rollen,
 * "Hafermilch" → Hafer + milch, "Apfelsaftschorle" → Apfel + saft + schorle; each part must be a word of
 * the menu's vocabulary (through the glossary), joined directly or by a linking s, n, en or e.
 */
function split(lex: Lexicon, w: string, fuzzy: boolean, depth = 0): string[] | null {
  const exact = (part: string) => lex.vocabulary.has(canon(part));
  // (A part one letter past a word the menu has exactly is no typo of it: the cut is a letter late, and
  // the rest would name something else: "pizzab|rote" is no pizza and red wine.)
  const ok = (part: string) =>
    (part.length >= 3 || GLOSSARY[part] !== undefined) &&
    (exact(part) ||
      (fuzzy &&
        part.length >= 5 &&
        !exact(part.slice(0, -1)) &&
        (lex.knows(canon(part)) || lex.vocabulary.has(conceptNear(part) ?? ''))));
  // "Lunchboxen" → Lunch + Box: a last part in a German plural ending the light stem leaves on ("boxe");
  // "Pizzabrote" → Pizza + Brot: the plural in -e of a part the menu has in the singular.
  const last = (part: string) =>
    ok(part)
      ? part
      : /[^aeiou]en$/.test(part) && ok(part.slice(0, -2))
        ? part.slice(0, -2)
        : /[^aeiou]e$/.test(part) && part.length >= 5 && ok(part.slice(0, -1))
          ? part.slice(0, -1)
          : null;
  for (let k = w.length - 2; k >= 3; k--) {
    const tail = w.slice(k);
    const whole = last(tail);
    const tailParts = whole ? [whole] : depth < 1 ? split(lex, tail, fuzzy, depth + 1) : null;
    if (!tailParts) continue;
    const head = w.slice(0, k);
    for (const h of [head, head.replace(/(s|n|en|e)$/, '')]) if (ok(h)) return [h, ...tailParts];
  }
  return null;
}

export function splitCompounds(lex: Lexicon, given: Tok[]): Tok[] {
  // "cheese burger" for "Cheeseburger", "pizza brötchen" for "Pizzabrötchen": two words the menu writes as one.
  const toks: Tok[] = [];
  for (let i = 0; i < given.length; i++) {
    const [a, b] = [given[i], given[i + 1]];
    // (Never two numbers: "3 2 liters" is three of them, not a "32".)
    const joined = a && b && !a.sep && !b.sep && !/^\d/.test(b.w) ? canon(a.w + b.w) : null;
    if (joined && lex.vocabulary.has(joined)) {
      toks.push({ w: a.w + b.w, c: joined, sep: null });
      i += 1;
    } else toks.push(a);
  }
  return toks.flatMap((t) => {
    if (t.sep || t.w.length < 6 || /\d/.test(t.w) || lex.knows(t.c)) return [t];
    const near = conceptNear(t.w);
    if (near && lex.vocabulary.has(near)) return [{ ...t, c: near }];
    // "olvies": a plural in -ies the menu knows in -ie only, misspelt ("olive"), not in -y.
    const ie = t.w.endsWith('ies') ? canon(t.w.slice(0, -1)) : null;
    if (ie && lex.knows(ie)) return [{ ...t, c: ie }];
    // "Gurken" on a menu that has pickles and no cucumber; "hamburger" on a pizza menu with ground beef.
    const other = ALTERNATIVES[t.c] ?? KIND_OF.get(t.c);
    if (other && lex.vocabulary.has(other)) return [{ ...t, c: other }];
    // "a hawaiian" for the "Pizza Hawaii": the place's adjective for the place the menu names it by.
    const place = /[aeiou]ian$/.test(t.c) ? canon(t.c.slice(0, -2)) : null;
    if (place && lex.vocabulary.has(place)) return [{ ...t, c: place }];
    // Parts the menu has exactly first ("jasmin|reis" before "jasminr|eis").
    const parts = split(lex, t.w, false) ?? split(lex, t.w, true);
    // ("Tunfischpizza": a misspelt part is the glossary word it is one letter from.)
    const partOf = (w: string) => (lex.knows(canon(w)) ? canon(w) : (conceptNear(w) ?? canon(w)));
    return parts ? parts.map((w, k) => ({ w, c: partOf(w), sep: null, cont: k > 0 })) : [t];
  });
}
