/** The keys the fuzzer authenticates with (renewed before they hit the rate limit) and the watch on their parts. */
import assert from 'node:assert/strict';
import type { Harness } from '../helpers/app.js';
import type { Targets } from './setup.js';

const PREFIX = /^svc_(?:org|admin)_/;
const PART = 8;

/**
 * Every 8-character run of every key body the test has seen. A response or log line holding one shows (part
 * of) a key. Bait keys are key-shaped strings the fuzzer stores as data (a name): a 2xx that reads the data
 * back may show them, an error or a log line may not.
 */
export class KeyWatch {
  private readonly parts = new Map<string, { label: string; bait: boolean }>();

  add(secret: string, label: string, bait = false) {
    const body = secret.replace(PREFIX, '');
    for (let i = 0; i + PART <= body.length; i++) {
      const part = body.slice(i, i + PART);
      if (!/^[A-Za-z0-9]+$/.test(part)) continue;
      // A strict entry stays strict even when a bait shares the part.
      if (!this.parts.get(part) || this.parts.get(part)?.bait) this.parts.set(part, { label, bait });
    }
  }

  /** The label of the first key part found in `text`, or undefined. */
  find(text: string, allowBait: boolean): string | undefined {
    for (const [run] of text.matchAll(/[A-Za-z0-9]{8,}/g)) {
      for (let i = 0; i + PART <= run.length; i++) {
        const hit = this.parts.get(run.slice(i, i + PART));
        if (hit && !(allowBait && hit.bait)) return `${hit.label} (…${run.slice(i, i + PART)}…)`;
      }
    }
    return undefined;
  }
}

/**
 * The line plus the text of every byte array in it: pino writes a Buffer (an HTTP parser error's
 * `rawPacket`) as `{"type":"Buffer","data":[71,69,84,…]}`, which holds a key as numbers.
 */
export function withDecodedBuffers(line: string): string {
  const decoded = [...line.matchAll(/\[(\d{1,3}(?:,\d{1,3}){7,})\]/g)].map(([, bytes]) =>
    Buffer.from(bytes.split(',').map(Number)).toString('latin1'),
  );
  return [line, ...decoded].join('\n');
}

export type Role = 'admin' | 'org' | 'location' | 'limited' | 'foreign';

// Each surface allows 1000 requests per key per minute: a key is replaced well before that.
const MAX_USES = 700;

/** Valid keys by role, each replaced by a fresh one of the same scope after MAX_USES requests. */
export class KeyPool {
  private readonly current = new Map<Role, { secret: string; uses: number }>();
  private readonly bodies: Record<Role, Record<string, unknown>>;

  constructor(
    private readonly h: Harness,
    private readonly watch: KeyWatch,
    t: Targets,
  ) {
    this.bodies = {
      admin: { type: 'admin', name: 'fuzz admin' },
      org: { organization_id: t.main.orgId, permissions: ['*'] },
      location: { location_id: t.main.locationIds[0], permissions: ['*'] },
      limited: { organization_id: t.main.orgId, permissions: ['organizations.read'] },
      foreign: { organization_id: t.other.orgId, permissions: ['*'] },
    };
  }

  /** Issues a first key per role, and a new one for every role whose key is nearly used up. */
  async refresh() {
    for (const role of Object.keys(this.bodies) as Role[]) {
      const held = this.current.get(role);
      if (!held || held.uses >= MAX_USES) await this.fresh(role);
    }
  }

  /** A new key for the role, watched, and its key from now on. */
  async fresh(role: Role): Promise<string> {
    const res = await this.h.call('POST', '/admin/v1/api_keys', { body: this.bodies[role] });
    assert.equal(res.status, 201, res.raw);
    this.watch.add(res.body.secret, `${role} key`);
    this.current.set(role, { secret: res.body.secret, uses: 0 });
    return res.body.secret;
  }

  /** The role's key, counted as one use. */
  use(role: Role): string {
    const held = this.current.get(role);
    assert.ok(held, 'KeyPool.refresh() first');
    held.uses++;
    return held.secret;
  }

  peek(role: Role): string {
    return this.current.get(role)?.secret as string;
  }
}
