/**
 * Runs the understanding corpus through the deterministic engine: each message as the first of a
 * conversation at a location with the message's menu, and the answer's draft compared with the expected
 * one (lines unordered; options, picks and ingredient lists as multisets).
 */
import { createDeterministicEngine } from '../../../chatbot/engine/deterministic/index.js';
import { readPayload } from '../../../chatbot/payload.js';
import { body } from '../body.js';
import { NOW } from '../fixtures.js';
import { type CorpusMenu, type CorpusMessage, type ExpectedLine, loadMenus, loadMessages } from './load.js';

export interface Outcome {
  message: CorpusMessage;
  ok: boolean;
  got: string[];
  want: string[];
  /** The engine's answer time for this body (parsed payload in, answer out), ms. */
  ms: number;
}

const sorted = (xs: string[]) => [...xs].sort();
const times = (id: string) => {
  const m = /^(.*)\*(\d+)$/.exec(id);
  return m ? `${m[1]}*${m[2]}` : `${id}*1`;
};

/** A line as one comparable string. */
export function expectedKey(line: ExpectedLine): string {
  if (line.bundle) return `${line.quantity}x bundle:${line.bundle} picks[${sorted(line.picks ?? []).join(',')}]`;
  return `${line.quantity}x ${line.item} opt[${sorted((line.options ?? []).map(times)).join(',')}] without[${sorted(line.without ?? []).join(',')}] extra[${sorted((line.extra ?? []).map(times)).join(',')}]`;
}
function draftKey(item: any): string {
  if (item.type === 'bundle') {
    const picks = (item.lines ?? []).flatMap((l: any) => l.items.map((c: any) => c.productId));
    return `${item.quantity ?? 1}x bundle:${item.bundleId} picks[${sorted(picks).join(',')}]`;
  }
  const opts = (item.options ?? []).map((o: any) => `${o.optionId}*${o.quantity ?? 1}`);
  const extra = (item.extra ?? []).map((e: any) => `${e.ingredientId}*${e.quantity ?? 1}`);
  return `${item.quantity ?? 1}x ${item.productId} opt[${sorted(opts).join(',')}] without[${sorted(item.without ?? []).join(',')}] extra[${sorted(extra).join(',')}]`;
}

const engine = createDeterministicEngine(() => NOW);

export async function understand(menu: CorpusMenu, message: CorpusMessage): Promise<Outcome> {
  const b = body({ text: message.text, language: message.lang });
  (b.location as Record<string, unknown>).menu = menu.body;
  const read = readPayload(b);
  if (!read.ok) throw new Error(`${message.id}: ${read.reason}`);
  const t0 = performance.now();
  const answer = await engine.answer(read.payload);
  const ms = performance.now() - t0;
  const got = sorted((answer.orderDraft?.items ?? []).map(draftKey));
  const want = sorted(message.expect.map(expectedKey));
  return { message, ok: JSON.stringify(got) === JSON.stringify(want), got, want, ms };
}

export async function runCorpus(filter: (m: CorpusMessage) => boolean = () => true): Promise<Outcome[]> {
  const menus = loadMenus();
  const out: Outcome[] = [];
  for (const message of loadMessages().filter(filter)) {
    out.push(await understand(menus.get(message.menu) as CorpusMenu, message));
  }
  return out;
}
