/**
 * bench/results/soak.md keeps one section per label ("baseline before fixes", "after fixes", …):
 * a run replaces the section of its own label and leaves the others.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const HEADER = `# Soak benchmark (\`bench/soak.ts\`)

Mixed reads and writes against two server processes sharing a private PostgreSQL cluster and a private
Redis, while PostgreSQL is restarted twice (\`fast\` at 25 %, \`immediate\` at 60 % of the run) and Redis is
stopped once (at 40 %, started again 20 s later in a 10-minute run). The client retries 5xx, 429 (after
\`Retry-After\`), \`409 request_in_flight\` and network errors with the same \`Idempotency-Key\`, backing off
exponentially, and gives up on an operation after 60 s (reads 30 s). A server process that dies is
counted and replaced on the same port. At the end every create never acknowledged is retried once with
its key, then the database is compared with every acknowledged write:

- lost: an acknowledged order or special closing missing, or an order's \`status_version\` below one a
  PATCH was acknowledged with;
- duplicate: two stored resources carrying one Idempotency-Key (each body carries its key), or two ids
  acknowledged for one key;
- recovery: from the end of a fault (PostgreSQL accepting connections again, Redis started) to the first
  successful write on each server; it includes the wait for that server's next write (a few hundred ms).

RSS is \`VmRSS\` of each server process (\`node --import tsx src/main.ts\`), sampled every 2 s.

\`\`\`
npm run bench:soak -- [--minutes 10] [--rate 40] [--concurrency 20] [--label "after fixes"] [--no-write]
\`\`\`
`;

export function writeSection(file: string, label: string, body: string) {
  const text = existsSync(file) ? readFileSync(file, 'utf8') : HEADER;
  const open = `<!-- soak: ${label} -->`;
  const close = `<!-- /soak: ${label} -->`;
  const section = `${open}\n## ${label}\n\n${body}\n${close}`;
  const from = text.indexOf(open);
  const to = text.indexOf(close);
  const next =
    from >= 0 && to > from
      ? text.slice(0, from) + section + text.slice(to + close.length)
      : `${text.trimEnd()}\n\n${section}\n`;
  writeFileSync(file, next);
}
