/** Organizations, locations with their settings, menus and closings, and one organization's fee schedule. */
import type { Queryable } from '../../db/client.js';
import { normalizeNationalPhone } from '../../domain/conversations/phone.js';
import { DEFAULT_FEE_SCHEDULE, type FeeSchedule } from '../../domain/financials/fees.js';
import { checkMenu } from '../../domain/menus/validate.js';
import { createDefaultSettings } from '../../domain/settings/store.js';
import { type LocationTemplate, organizationTemplates, STANDALONE } from './catalog.js';
import { LocalMenu } from './items.js';
import { menuDocument } from './menu-document.js';
import type { SeedLocation } from './order.js';
import type { IdMaker, Random } from './random.js';
import { buildClosings, buildSettings } from './settings.js';
import { DAY_MS, HOUR, localDateOf, zoneOffset } from './time.js';

/** One organization's own schedule, set halfway through the period: older orders keep the default. */
const CUSTOM_SCHEDULE: FeeSchedule = {
  order_fee_percent_bps: 250,
  order_fee_fixed_cents: 10,
  payment_fee_percent_bps: 120,
  payment_fee_fixed_cents: 20,
};

export interface Setup {
  organizations: { id: string; name: string }[];
  locations: SeedLocation[];
  closingDates: Map<string, Set<number>>;
  closings: number;
}

export async function createTenants(
  tx: Queryable,
  ids: IdMaker,
  rand: Random,
  count: number,
  start: number,
  now: number,
): Promise<Setup> {
  const setup: Setup = { organizations: [], locations: [], closingDates: new Map(), closings: 0 };
  let t = start - 120 * DAY_MS;
  const scheduleFrom = start + (now - start) / 2;
  const tenants: [string | null, LocationTemplate][] = [];
  for (const [i, org] of organizationTemplates(count).entries()) {
    const id = ids.at('organization', t);
    await tx.query('INSERT INTO organizations (id, name, created_at, updated_at) VALUES ($1, $2, $3, $3)', [
      id,
      org.name,
      new Date(t),
    ]);
    setup.organizations.push({ id, name: org.name });
    if (i === 1) {
      await tx.query(
        `INSERT INTO fee_schedules (organization_id, order_fee_percent_bps, order_fee_fixed_cents,
           payment_fee_percent_bps, payment_fee_fixed_cents, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6)`,
        [id, ...Object.values(CUSTOM_SCHEDULE), new Date(scheduleFrom)],
      );
    }
    for (const l of org.locations) tenants.push([id, l]);
    t += 3 * DAY_MS;
  }
  tenants.push([null, STANDALONE]);
  for (const [orgId, l] of tenants) {
    t += 5 * HOUR;
    const id = ids.at('location', t);
    await tx.query(
      `INSERT INTO locations (id, organization_id, name, currency, country, timezone, default_language, address,
         phone, email, active, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $10, $11, true, $9, $9)`,
      [
        id,
        orgId,
        l.name,
        l.currency,
        l.country,
        l.timezone,
        l.language,
        JSON.stringify(l.address),
        new Date(t),
        // In E.164, as the API stores a location's phone.
        normalizeNationalPhone(l.phone, l.country),
        l.email,
      ],
    );
    await createDefaultSettings(tx, id, new Date(t));
    const plan = buildSettings(l, rand);
    for (const [kind, data] of Object.entries(plan.settings)) {
      await tx.query('UPDATE location_settings SET data = $3, updated_at = $4 WHERE location_id = $1 AND kind = $2', [
        id,
        kind,
        JSON.stringify(data),
        new Date(t + DAY_MS),
      ]);
    }
    // Checked like a PUT would be, so the demo never holds a menu the API itself would refuse.
    const menu = menuDocument(l.cuisine, l.currency);
    checkMenu(menu, l.currency);
    await tx.query(
      'INSERT INTO menus (location_id, document, version, created_at, updated_at) VALUES ($1, $2, 1, $3, $4)',
      [id, JSON.stringify(menu), new Date(t), new Date(t + DAY_MS)],
    );
    const closings = buildClosings(l, rand, localDateOf(start, l.timezone), localDateOf(now, l.timezone), t);
    for (const c of closings) {
      await tx.query(
        `INSERT INTO special_closings (id, location_id, starts_at, ends_at, reason, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $6)`,
        [
          ids.at('special_closing', c.created_at),
          id,
          new Date(c.starts_at),
          new Date(c.ends_at),
          c.reason,
          new Date(c.created_at),
        ],
      );
    }
    setup.closings += closings.length;
    setup.closingDates.set(id, new Set(closings.map((c) => c.date)));
    const custom = orgId !== null && orgId === setup.organizations[1]?.id;
    setup.locations.push({
      id,
      organizationId: orgId,
      template: l,
      menu: new LocalMenu(l.cuisine, l.currency),
      zones: plan.zones,
      acceptance: plan.acceptance,
      preparationMinutes: plan.preparationMinutes,
      feeSchedule: (at) => (custom && at >= scheduleFrom ? CUSTOM_SCHEDULE : DEFAULT_FEE_SCHEDULE),
      lastNumber: 0,
      utcOffset: zoneOffset(now, l.timezone),
    });
  }
  return setup;
}
