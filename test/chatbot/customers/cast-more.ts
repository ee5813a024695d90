/**
 * A second, independent cast of simulated customers (`npm run bench:conversations -- --cast more`), written
 * one by one as people order rather than generated from a table: the demo menus of `npm run seed` and the
 * test fixture's pizzeria, English and German, location and businessOrganization mode. Each wants one exact
 * order. A third say everything in their first message, a third only the food and answer what they are
 * asked, a third change their mind once on the way ("no wait, make it two", "tauschen Sie die Cola gegen…",
 * "ohne Zwiebeln bitte" after the item is in the order); some ask a question before or while ordering and
 * then go on. About half tap the buttons, the others type their answers in their own words.
 *
 * Names: more-<n>-<menu>-<language>-<loc|org>-<all|food|change>[-q when a question is asked].
 */

import type { Script, Turn } from './customer.js';
import { BRAZILIAN } from './more/brazilian.js';
import { BURGER } from './more/burger.js';
import { FIXTURE } from './more/fixture.js';
import { ITALIAN } from './more/italian.js';
import { MEXICAN } from './more/mexican.js';
import type { Person } from './more/person.js';
import { SUSHI } from './more/sushi.js';
import type { MenuName } from './platform.js';

const asks = (turns: Turn[] | undefined, more: string[] | undefined, open: string) =>
  (turns ?? []).some((t) => !t.before && t.say.endsWith('?')) ||
  open.trim().endsWith('?') ||
  (more ?? []).some((m) => m.endsWith('?'));

function script(p: Person): Script {
  const { n, kind, at, lines, service, payment, ...rest } = p;
  const menu: MenuName = rest.menu;
  const q = asks(rest.turns, rest.more, rest.open) ? '-q' : '';
  return {
    ...rest,
    name: `more-${String(n).padStart(2, '0')}-${menu}-${rest.language}-${at ? 'org' : 'loc'}-${kind}${q}`,
    mode: at ? 'businessOrganization' : 'location',
    target: { lines, service, payment, ...(at ? { location: at } : {}) },
  };
}

/** Written one menu to a file (./more/), in this order. */
const PEOPLE: Person[] = [...FIXTURE, ...ITALIAN, ...BURGER, ...MEXICAN, ...BRAZILIAN, ...SUSHI];

export function castMore(): Script[] {
  return [...PEOPLE].sort((a, b) => a.n - b.n).map(script);
}
