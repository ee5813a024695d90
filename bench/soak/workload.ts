/**
 * The soak's mixed load: reads that page through lists with cursors, and writes (order ingestion and
 * special closings with an Idempotency-Key, order status moves with status_version). It remembers
 * every acknowledged write so that the end of the run can check the database against it.
 */
import { closingBody, orderBody, STATUS_PATH } from './bodies.js';
import { type Outcome, type Recorder, type Req, send, type Target } from './client.js';
import type { Tenant } from './setup.js';

export interface Create {
  kind: 'order' | 'special_closing';
  idem: string;
  server: number;
  req: Req;
  /** Every id a 2xx answered for this key: more than one is a duplicate. */
  ids: Set<string>;
  outcome: 'acked' | 'failed' | 'gave_up';
  lastKind: string;
}

export interface TrackedOrder {
  id: string;
  locationId: string;
  status: string;
  version: number;
  /** The highest status_version a PATCH was acknowledged with. */
  ackedVersion: number;
  busy: boolean;
}

const SETTINGS = ['order_settings', 'opening_hours', 'delivery_settings', 'acceptance_settings', 'ai_instructions'];
const READ_DEADLINE = 30_000;
const WRITE_DEADLINE = 60_000;

const pick = <T>(xs: T[]): T => xs[Math.floor(Math.random() * xs.length)];

export class Workload {
  readonly creates: Create[] = [];
  readonly orders: TrackedOrder[] = [];
  readonly ops = new Map<string, { ok: number; failed: number; gaveUp: number }>();
  readonly anomalies = new Map<string, number>();
  inFlight = 0;
  private seq = 0;
  private orderCursor = new Map<string, string | undefined>();
  private finCursor: string | undefined;
  private readonly mix: [number, () => Promise<unknown>][];

  constructor(
    private readonly tenant: Tenant,
    private readonly targets: Target[],
    private readonly rec: Recorder,
    private readonly runId: string,
  ) {
    const loc = () => pick(tenant.locationIds);
    this.mix = [
      [5, () => this.read('GET locations', '/v1/locations')],
      [5, () => this.read('GET location', `/v1/locations/${loc()}`)],
      [15, () => this.ordersPage(loc())],
      [10, () => this.financialsPage()],
      [5, () => this.read('GET analytics', `/v1/locations/${loc()}/analytics/products`)],
      [10, () => this.read('GET settings', `/v1/locations/${loc()}/${pick(SETTINGS)}`)],
      [5, () => this.read('GET special closings', `/v1/locations/${loc()}/special_closings?limit=10`)],
      [10, () => this.readAckedOrder()],
      [20, () => this.createOrder(loc())],
      [10, () => this.moveOrder()],
      [5, () => this.createClosing(loc())],
    ];
  }

  /** Runs one operation, chosen by weight; it never throws. */
  async runOne(): Promise<void> {
    const total = this.mix.reduce((s, [w]) => s + w, 0);
    const r = Math.random() * total;
    let sum = 0;
    const op =
      this.mix.find(([w]) => {
        sum += w;
        return r < sum;
      }) ?? this.mix[0];
    this.inFlight++;
    try {
      await op[1]();
    } catch (err) {
      this.note(`bench error: ${(err as Error).message}`);
    } finally {
      this.inFlight--;
    }
  }

  note(what: string) {
    this.anomalies.set(what, (this.anomalies.get(what) ?? 0) + 1);
  }

  private count(op: string, out: Outcome) {
    const c = this.ops.get(op) ?? { ok: 0, failed: 0, gaveUp: 0 };
    if (out.ok) c.ok++;
    else if (out.gaveUp) c.gaveUp++;
    else c.failed++;
    this.ops.set(op, c);
  }

  private async call(op: string, req: Req, write: boolean, target = pick(this.targets)) {
    const out = await send(target, req, { write, deadlineMs: write ? WRITE_DEADLINE : READ_DEADLINE, rec: this.rec });
    this.count(op, out);
    return out;
  }

  private orgKey = () => pick(this.tenant.orgKeys);

  private read(op: string, path: string) {
    return this.call(op, { method: 'GET', path, key: this.orgKey() }, false);
  }

  private async ordersPage(loc: string) {
    const after = this.orderCursor.get(loc);
    const out = await this.read(
      'GET orders page',
      `/v1/locations/${loc}/orders?limit=20${after ? `&starting_after=${after}` : ''}`,
    );
    if (out.ok) this.orderCursor.set(loc, out.res?.body.has_more ? out.res.body.data.at(-1)?.id : undefined);
  }

  private async financialsPage() {
    const after = this.finCursor;
    const q = `limit=20${after ? `&starting_after=${after}` : ''}`;
    const out = await this.read('GET financials page', `/v1/organizations/${this.tenant.orgId}/orders/financials?${q}`);
    if (out.ok) this.finCursor = out.res?.body.has_more ? out.res.body.data.at(-1)?.order_id : undefined;
  }

  private async readAckedOrder() {
    if (this.orders.length === 0) return this.read('GET locations', '/v1/locations').then(() => {});
    const o = pick(this.orders);
    const out = await this.read('GET acknowledged order', `/v1/locations/${o.locationId}/orders/${o.id}`);
    if (out.res?.status === 404) this.note('an acknowledged order read back as 404');
  }

  private idem(kind: string) {
    return `soak-${this.runId}-${kind}-${this.seq++}`;
  }

  private async create(op: string, kind: Create['kind'], req: Req) {
    const target = pick(this.targets);
    const out = await this.call(op, req, true, target);
    const c: Create = {
      kind,
      idem: req.idem as string,
      server: target.index,
      req,
      ids: new Set(),
      outcome: out.ok ? 'acked' : out.gaveUp ? 'gave_up' : 'failed',
      lastKind: out.kind,
    };
    if (out.ok) c.ids.add(out.res?.body.id);
    this.creates.push(c);
    return out;
  }

  private async createOrder(loc: string) {
    const idem = this.idem('order');
    const path = `/admin/v1/locations/${loc}/orders`;
    const key = pick(this.tenant.adminKeys);
    const out = await this.create('POST order', 'order', { method: 'POST', path, key, body: orderBody(idem), idem });
    if (!out.ok) return;
    const o = out.res?.body;
    this.orders.push({
      id: o.id,
      locationId: loc,
      status: o.status,
      version: o.status_version,
      ackedVersion: 0,
      busy: false,
    });
  }

  private async createClosing(loc: string) {
    const idem = this.idem('closing');
    const path = `/v1/locations/${loc}/special_closings`;
    const req = { method: 'POST', path, key: this.orgKey(), body: closingBody(idem), idem };
    await this.create('POST special closing', 'special_closing', req);
  }

  private async moveOrder() {
    const candidates = this.orders.filter((o) => !o.busy && o.status !== 'completed' && STATUS_PATH.includes(o.status));
    if (candidates.length === 0) return this.createOrder(pick(this.tenant.locationIds));
    const o = pick(candidates);
    o.busy = true;
    try {
      const next = STATUS_PATH[STATUS_PATH.indexOf(o.status) + 1];
      const path = `/v1/locations/${o.locationId}/orders/${o.id}`;
      const body = { status: next, status_version: o.version };
      const out = await this.call('PATCH order status', { method: 'PATCH', path, key: this.orgKey(), body }, true);
      if (out.ok) {
        o.status = out.res?.body.status;
        o.version = out.res?.body.status_version;
        o.ackedVersion = Math.max(o.ackedVersion, o.version);
      } else if (out.res?.body?.error?.code === 'resource_conflict') {
        // After a lost response the first attempt may have applied: read the order to catch up.
        this.note(out.attempts > 1 ? 'PATCH 409 after a retried attempt' : 'PATCH 409 on a first attempt');
        const now = await this.call('GET order after 409', { method: 'GET', path, key: this.orgKey() }, false);
        if (now.ok) {
          o.status = now.res?.body.status;
          o.version = now.res?.body.status_version;
        }
      }
    } finally {
      o.busy = false;
    }
  }
}
