/**
 * A fresh organization per test file with two pizzerias set up through the public API as an integrator
 * would: the chatbot tests' menu (test/chatbot/fixture-location.ts), open all week unless told otherwise,
 * two delivery zones, Peroni switched off, and a test-channel account per location plus one for the
 * organization's number.
 */
import { AI, DELIVERY, MENU, ORDER_SETTINGS } from '../chatbot/fixture-location.js';
import { getHarness } from '../helpers/app.js';
import { newTenant, type Tenant } from '../helpers/fixtures.js';
import { ok, type Platform } from './_platform.js';

const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
export const ALWAYS = DAYS.map((day) => ({ day, opens: '00:00', closes: '24:00' }));

export interface Restaurant {
  t: Tenant;
  /** [First, Second]: the same menu; First Hauptstraße 1 (52.532, 13.384), Second moved to Spandau. */
  locations: string[];
  accounts: string[];
  orgAccount: string;
}

export interface RestaurantOptions {
  acceptance?: 'manual' | 'automatic';
  periods?: { day: string; opens: string; closes: string }[];
}

export async function setUpRestaurant(p: Platform, o: RestaurantOptions = {}): Promise<Restaurant> {
  const h = await getHarness();
  const t = await newTenant(h);
  const [first, second] = t.locationIds;
  // Second is far west (Spandau): its own small zone, so an address decides between the two.
  await ok(p, 'PATCH', `/admin/v1/locations/${second}`, {
    address: {
      line1: 'Carl-Schurz-Straße 1',
      line2: null,
      postal_code: '13597',
      city: 'Berlin',
      country: 'DE',
      latitude: 52.536,
      longitude: 13.2,
    },
  });
  for (const loc of t.locationIds) {
    const base = `/v1/locations/${loc}`;
    await ok(p, 'PUT', `${base}/menu`, MENU, t.orgKey);
    await ok(p, 'PATCH', `${base}/menu/availability`, { items: [{ id: 'peroni', available: false }] }, t.orgKey);
    await ok(p, 'PUT', `${base}/opening_hours`, { periods: o.periods ?? ALWAYS }, t.orgKey);
    await ok(p, 'PATCH', `${base}/order_settings`, ORDER_SETTINGS, t.orgKey);
    const delivery = loc === first ? DELIVERY : { enabled: true, zones: [{ ...DELIVERY.zones[0], name: 'Spandau' }] };
    await ok(p, 'PATCH', `${base}/delivery_settings`, delivery, t.orgKey);
    await ok(p, 'PATCH', `${base}/ai_instructions`, { ...AI, greeting: null }, t.orgKey);
    await ok(p, 'PATCH', `${base}/acceptance_settings`, { mode: o.acceptance ?? 'manual' }, t.orgKey);
  }
  const account = async (binding: object) =>
    (await ok(p, 'POST', '/admin/v1/channel_accounts', { channel: 'test', ...binding })).id as string;
  const accounts = [await account({ location_id: first }), await account({ location_id: second })];
  const orgAccount = await account({ organization_id: t.orgId });
  return { t, locations: t.locationIds, accounts, orgAccount };
}
