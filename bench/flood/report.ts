/** bench:flood's page: the other customers' reply times quiet and under a flood, and what the flood became. */

export interface Figures {
  normal: {
    sent: number;
    /** Messages the server did not store (an error answer, or none). */
    refused: number;
    delivered: number;
    succeeded: number;
    failed: number;
    /** Deliveries neither succeeded nor failed when the figures were read. */
    open: number;
    /** Message → reply of every message that got its reply, in ms. */
    latencies: number[];
  };
  flood?: {
    offered: number;
    stored: number;
    refused: number;
    /** Not sent: the client had FLOOD_IN_FLIGHT requests waiting already. */
    skipped: number;
    delivered: number;
    failed: number;
  };
  heldCustomer: number;
  heldAccount: number;
  slowDowns: number;
  /** CPU ms during the load: the server process, the chatbot process, the database's backends. */
  cpu: { server: number; chatbot: number; postgres: number };
}

export const pct = (xs: number[], p: number) =>
  xs.length === 0 ? Number.NaN : [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];

type Counts = Record<string, number>;
const add = (a: Counts | undefined, b: Counts | undefined): any =>
  a && b ? Object.fromEntries(Object.keys(a).map((k) => [k, a[k] + b[k]])) : (a ?? b);

/** Several rounds of one kind as one: counts and CPU added, latencies pooled. */
export function merge(rounds: Figures[]): Figures {
  return rounds.reduce((a, b) => ({
    normal: {
      ...add({ ...a.normal, latencies: 0 }, { ...b.normal, latencies: 0 }),
      latencies: [...a.normal.latencies, ...b.normal.latencies],
    },
    flood: add(a.flood, b.flood),
    heldCustomer: a.heldCustomer + b.heldCustomer,
    heldAccount: a.heldAccount + b.heldAccount,
    slowDowns: a.slowDowns + b.slowDowns,
    cpu: add(a.cpu, b.cpu),
  }));
}

export interface RunInfo {
  command: string;
  machine: string;
  date: string;
  setting: string;
  customers: number;
  rate: number;
  seconds: number;
  rounds: number;
}

const cpuS = (x: number) => (Number.isNaN(x) ? '—' : `${(x / 1000).toFixed(1)} s`);
const ms = (x: number) => (Number.isNaN(x) ? '—' : `${Math.round(x)} ms`);

export function table(quiet: Figures, loud: Figures): string {
  const f = loud.flood;
  const [q, l] = [quiet.normal.latencies, loud.normal.latencies];
  const ratio = pct(l, 0.99) / pct(q, 0.99);
  const rows: [string, string, string][] = [
    [
      'other customers: messages stored / not stored',
      `${quiet.normal.sent} / ${quiet.normal.refused}`,
      `${loud.normal.sent} / ${loud.normal.refused}`,
    ],
    ['other customers: delivered to the chatbot', `${quiet.normal.delivered}`, `${loud.normal.delivered}`],
    ['message → reply p50', ms(pct(q, 0.5)), ms(pct(l, 0.5))],
    ['**message → reply p99**', `**${ms(pct(q, 0.99))}**`, `**${ms(pct(l, 0.99))}** (${ratio.toFixed(2)}×)`],
    ['message → reply max', ms(pct(q, 1)), ms(pct(l, 1))],
    [
      'deliveries succeeded / failed / still open',
      `${quiet.normal.succeeded} / ${quiet.normal.failed} / ${quiet.normal.open}`,
      `${loud.normal.succeeded} / ${loud.normal.failed} / ${loud.normal.open}`,
    ],
    [
      'flood: offered / stored / not stored / not sent (client backlog)',
      '—',
      f ? `${f.offered} / ${f.stored} / ${f.refused} / ${f.skipped}` : '—',
    ],
    ['flood: delivered to the chatbot / failed', '—', f ? `${f.delivered} / ${f.failed}` : '—'],
    [
      'held back: customer limit / channel account limit',
      `${quiet.heldCustomer} / ${quiet.heldAccount}`,
      `${loud.heldCustomer} / ${loud.heldAccount}`,
    ],
    ['slow-down replies', `${quiet.slowDowns}`, `${loud.slowDowns}`],
    [
      'CPU during the load: server / chatbot / PostgreSQL',
      `${cpuS(quiet.cpu.server)} / ${cpuS(quiet.cpu.chatbot)} / ${cpuS(quiet.cpu.postgres)}`,
      `${cpuS(loud.cpu.server)} / ${cpuS(loud.cpu.chatbot)} / ${cpuS(loud.cpu.postgres)}`,
    ],
  ];
  return ['| figure | quiet | flood |', '|---|---:|---:|', ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}

export function render(quiet: Figures, loud: Figures, run: RunInfo): string {
  const ratio = pct(loud.normal.latencies, 0.99) / pct(quiet.normal.latencies, 0.99);
  const failed = quiet.normal.failed + loud.normal.failed + (loud.flood?.failed ?? 0);
  return [
    '# Flood control benchmark (`bench/flood.ts`)',
    '',
    `${run.customers} customers write normally (one message every 4 s each, short questions the reference chatbot`,
    'answers) through the test channel (`POST /admin/v1/channel_accounts/{id}/inbound_messages`, real HTTP, one server',
    'process), the reference chatbot running as its own process (deterministic engine). First quietly, then while one',
    `more customer sends ${run.rate} messages a second, both for ${run.seconds} s; ${run.rounds} rounds of each, alternating`,
    '(the machine is shared and its load moves: alternating spreads that over both), figures of each kind added',
    `up and percentiles over the pooled messages. Message → reply: from the request leaving`,
    "the client to the message's delivery being `succeeded` (the chatbot's answer carried out, its replies stored).",
    "Held back and slow-down replies: the server's /metrics (`inbound_messages_held_total`,",
    '`inbound_slow_down_replies_total`), the difference over each run.',
    '',
    '```',
    run.command,
    '```',
    '',
    `${run.date}. ${run.machine}. ${run.setting}.`,
    '',
    table(quiet, loud),
    '',
    `Goal: the other customers' p99 under the flood within 1.5× of the quiet run: ${ratio.toFixed(2)}× (${ratio <= 1.5 ? 'met' : 'not met'}). Deliveries failed: ${failed}.`,
    '',
  ].join('\n');
}
