/** The bench's Markdown page. */
export interface RunResult {
  kind: 'postgres' | 'pglite';
  rate: number;
  seconds: number;
  offered: number;
  sent: number;
  failed: number;
  /** Answered 503 by backpressure: nothing stored, the channel would send them again. */
  refused: number;
  dropped: number;
  /** Statements the server sent to its database over the load and the drain (db_statements_total). */
  statements: number;
  /** The message webhook bodies the receiver got, in bytes. */
  bodyBytes: { mean: number; max: number };
  deliveries: number;
  succeeded: number;
  received: number;
  duplicates: number;
  missing: number;
  drainMs: number;
  /** CPU time over the load and the drain: the server process, and PostgreSQL's backends for it. */
  cpu: { server: number; postgres: number };
  arrival: { p50: number; p99: number; max: number };
  done: { p50: number; p99: number; max: number };
}

const kb = (x: number) => (Number.isFinite(x) && x > 0 ? `${(x / 1024).toFixed(1)} KB` : '–');
/** "#2" for the second round of its kind. */
const roundOf = (results: RunResult[], i: number) =>
  `#${results.slice(0, i + 1).filter((r) => r.kind === results[i].kind).length}`;

const ms = (x: number) => (Number.isNaN(x) ? '–' : `${Math.round(x)} ms`);

const perMessage = (r: RunResult, cpuMs: number) =>
  Number.isNaN(cpuMs) || r.sent === 0 ? '–' : `${(cpuMs / r.sent).toFixed(2)} ms`;

export function render(
  results: RunResult[],
  o: { machine: string; command: string; date: string; warmupSeconds?: number },
) {
  return [
    '# Message webhook benchmark (`bench/webhooks.ts`)',
    '',
    'Customer messages through the test channel (`POST /admin/v1/channel_accounts/{id}/inbound_messages`, real',
    'HTTP, one server process) at a steady rate, spread over 200 conversations, delivered by the worker to a',
    'local receiver that answers `{}` at once. Latency runs from the delivery row’s `created_at` (the',
    'message’s transaction) to the receiver getting it, and to the delivery being `succeeded`',
    '(`completed_at`: answer carried out and recorded). Exactly-once: each message has one delivery, its',
    'webhook-id reaches the receiver once.',
    '',
    'The client keeps at most 100 requests in flight and skips a message it cannot send on time (“not sent”):',
    'offered minus stored is what the API could take on this machine, not messages lost. On PostgreSQL the',
    'worker has a pool of its own; on PGlite every query of the API and of the worker share one connection.',
    '',
    renderRun(results, o),
  ].join('\n');
}

/** One run's section: appended to the page, whose earlier runs stay as history. */
export function renderRun(
  results: RunResult[],
  o: { machine: string; command: string; date: string; warmupSeconds?: number },
) {
  const row = (label: string, f: (r: RunResult) => string) => `| ${label} | ${results.map(f).join(' | ')} |`;
  return [
    `## ${o.date}`,
    '',
    '```',
    o.command,
    '```',
    '',
    `${o.machine}.`,
    '',
    ...(o.warmupSeconds
      ? [
          `Each round first ran ${o.warmupSeconds} s at the same rate over 200 other conversations, not measured (a server that just started); the measured conversations are new, their first messages included.`,
          '',
        ]
      : []),
    `| figure | ${results.map((r, i) => `${r.kind} ${roundOf(results, i)}`).join(' | ')} |`,
    `|---|${results.map(() => '---:').join('|')}|`,
    row('messages stored (201) / offered', (r) => `${r.sent} / ${r.offered}`),
    row(
      'not stored: error / refused 503 (backpressure) / not sent (client backlog)',
      (r) => `${r.failed} / ${r.refused} / ${r.dropped}`,
    ),
    row('achieved rate', (r) => `${(r.sent / r.seconds).toFixed(0)}/s`),
    row('deliveries / succeeded', (r) => `${r.deliveries} / ${r.succeeded}`),
    row('received by the receiver (distinct webhook-ids)', (r) => String(r.received)),
    row('webhook-ids received more than once', (r) => String(r.duplicates)),
    row('messages never delivered', (r) => String(r.missing)),
    row('created → received p50', (r) => ms(r.arrival.p50)),
    row('created → received p99', (r) => ms(r.arrival.p99)),
    row('created → received max', (r) => ms(r.arrival.max)),
    row('created → succeeded p50', (r) => ms(r.done.p50)),
    row('created → succeeded p99', (r) => ms(r.done.p99)),
    row('backlog drained after the load', (r) => ms(r.drainMs)),
    row('body size, mean / max', (r) => `${kb(r.bodyBytes.mean)} / ${kb(r.bodyBytes.max)}`),
    row('statements per stored message (server → database)', (r) =>
      Number.isNaN(r.statements) || r.sent === 0 ? '–' : (r.statements / r.sent).toFixed(1),
    ),
    row(
      'CPU per stored message: server / PostgreSQL',
      (r) => `${perMessage(r, r.cpu.server)} / ${perMessage(r, r.cpu.postgres)}`,
    ),
    '',
  ].join('\n');
}
