/**
 * A priced draft's problems in the customer's words, and the one question that fixes the first of them
 * (service type and payment as buttons, a missing size as buttons or a list).
 */
import { buttonsReply, type Reply } from '../../answer.js';
import type { Problem } from '../../payload-types.js';
import { CODE_REASONS, PROBLEM_TEXTS, type ProblemFacts } from '../i18n/problems.js';
import { nextOpeningOf } from '../time/hours.js';
import type { Turn } from '../turn.js';
import { lookupQuestion } from './address.js';
import { itemName } from './lines.js';
import { askBundleLine, askOption } from './questions.js';

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const strs = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
/** Details arrive as the server wrote them; camelCase or snake_case keys alike. */
/** A `details` fact; the body's problem details are camelCase like the rest of it. */
const detail = (p: Problem, name: string) => p.details[name];

function lineIndex(p: Problem): number | null {
  const m = /^items\.(\d+)/.exec(p.param ?? '');
  return m ? Number(m[1]) : null;
}

function facts(turn: Turn, p: Problem): ProblemFacts {
  const t = turn.t;
  const menu = turn.location?.menu;
  const index = lineIndex(p);
  const item = index !== null && menu && turn.items[index] ? itemName(menu, turn.items[index]) : '';
  const money = (v: unknown) => {
    const m = v as { amount?: number; currency?: string } | undefined;
    return typeof m?.amount === 'number' ? turn.money({ amount: m.amount, currency: m.currency ?? '' }) : '';
  };
  const groupId = str(detail(p, 'groupId')) || str(detail(p, 'lineId'));
  const group =
    menu?.groups.find((g) => g.id === groupId)?.name ??
    menu?.bundles.flatMap((b) => b.lines).find((l) => l.id === groupId)?.name ??
    groupId;
  const id = str(detail(p, 'id'));
  const named =
    menu?.products.find((x) => x.id === id)?.name ??
    menu?.bundles.find((x) => x.id === id)?.name ??
    menu?.groups.flatMap((g) => g.options).find((o) => o.id === id)?.name ??
    '';
  const allowed = strs(detail(p, 'allowedValues')).map((v) => t.serviceName[v] ?? t.paymentName[v] ?? v);
  const time = str(detail(p, 'earliestTime')) || str(detail(p, 'latestTime'));
  let when = time ? turn.when(time) : '';
  if (p.code === 'location_closed' && turn.location) {
    const next = nextOpeningOf(turn.location, turn.now);
    when = next ? turn.when(next) : '';
  }
  const reasonCode = str(detail(p, 'reason'));
  const bound =
    money(detail(p, 'minimumSubtotal')) || str(detail(p, 'startsAt')) || strs(detail(p, 'serviceTypes')).join(', ');
  const reason =
    p.code === 'location_closed_special'
      ? str(detail(p, 'reason'))
      : (CODE_REASONS[turn.lang][reasonCode]?.(bound) ?? '');
  const { serviceType, paymentMethod } = turn.draft;
  let value = named;
  if (p.code === 'service_type_unavailable' && serviceType) value = t.serviceName[serviceType];
  if (p.code === 'payment_method_unavailable' && paymentMethod) value = t.paymentName[paymentMethod];
  return {
    item,
    group,
    max: String(detail(p, 'maxQuantity') ?? detail(p, 'maxChoices') ?? ''),
    value,
    allowed: t.and(allowed),
    when,
    reason,
    zone: str(obj(detail(p, 'zone')).name) || str(detail(p, 'zone')),
    minimum: money(detail(p, 'minimum')),
    subtotal: money(detail(p, 'subtotal')),
    code: turn.draft.discountCode ?? '',
  };
}

const obj = (v: unknown): Record<string, unknown> => (typeof v === 'object' && v !== null ? (v as any) : {});

export function problemText(turn: Turn, p: Problem): string {
  const templates = PROBLEM_TEXTS[turn.lang];
  return (templates[p.code] ?? templates.other)(facts(turn, p));
}

/** The question that fixes the first problem that has one, if any. */
export function followUp(turn: Turn, problems: Problem[]): Reply | null {
  const t = turn.t;
  for (const p of problems) {
    if (p.code === 'service_type_required' || p.code === 'service_type_unavailable') {
      const allowed = turn.location?.orderSettings.serviceTypes.filter(
        (s) => s !== 'delivery' || turn.location?.delivery.enabled,
      );
      return buttonsReply(
        t.askService,
        (allowed ?? []).map((s) => ({ id: `svc:${s}`, title: t.btn[s] })),
      );
    }
    if (p.code === 'payment_method_required' || p.code === 'payment_method_unavailable') {
      const methods = turn.location?.orderSettings.paymentMethods ?? [];
      return buttonsReply(
        t.askPayment,
        methods.map((m) => ({ id: `pay:${m}`, title: t.btn[m] })),
      );
    }
    if (LOOKUP_ASKED.has(p.code)) {
      const asked = lookupQuestion(turn);
      if (asked) return asked;
    }
    const index = lineIndex(p);
    if (p.code === 'option_required' && index !== null) return askOption(turn, index, str(detail(p, 'groupId')));
    if (p.code === 'bundle_line_required' && index !== null)
      return askBundleLine(turn, index, str(detail(p, 'lineId')));
  }
  return null;
}

/** The server's address lookup problems: asked (a list of candidates, a pin) rather than listed. */
const LOOKUP_ASKED = new Set(['address_not_found', 'address_ambiguous', 'address_lookup_unavailable']);

/** Problems that are questions to the customer: asked one at a time rather than listed. */
const ASKED = new Set([
  ...LOOKUP_ASKED,
  'service_type_required',
  'payment_method_required',
  'option_required',
  'bundle_line_required',
  'address_required',
]);

/** The problems as text lines, and the follow-up question (when one of them has one). */
export function explainProblems(turn: Turn, problems: Problem[]): { lines: string[]; question: Reply | null } {
  const question = followUp(turn, problems);
  const shown = question ? problems.filter((p) => !ASKED.has(p.code)) : problems;
  return { lines: [...new Set(shown.map((p) => problemText(turn, p)))], question };
}
