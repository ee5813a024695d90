/** Runs scripted customers against the deterministic engine and sums them up per language and mode. */
import { createDeterministicEngine } from '../../../chatbot/engine/deterministic/index.js';
import { NOW } from '../fixtures.js';
import { Customer, type Outcome, type Script } from './customer.js';

export async function runCustomers(scripts: Script[]): Promise<(Outcome & { script: Script })[]> {
  const engine = createDeterministicEngine(() => NOW);
  const out: (Outcome & { script: Script })[] = [];
  for (const script of scripts) out.push({ ...(await new Customer(engine, script).run()), script });
  return out;
}

export interface Summary {
  group: string;
  customers: number;
  successes: number;
  rate: number;
  /** Average messages per successful conversation. */
  average: number;
}

export function summarize(outcomes: (Outcome & { script: Script })[]): Summary[] {
  const groups = new Map<string, (Outcome & { script: Script })[]>();
  const add = (key: string, o: Outcome & { script: Script }) => groups.set(key, [...(groups.get(key) ?? []), o]);
  for (const o of outcomes) {
    add(`${o.script.language} / ${o.script.mode}`, o);
    add('all', o);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === 'all' ? 1 : b === 'all' ? -1 : a.localeCompare(b)))
    .map(([group, list]) => {
      const ok = list.filter((o) => o.success);
      return {
        group,
        customers: list.length,
        successes: ok.length,
        rate: ok.length / list.length,
        average: ok.length ? ok.reduce((s, o) => s + o.messages, 0) / ok.length : Number.NaN,
      };
    });
}
