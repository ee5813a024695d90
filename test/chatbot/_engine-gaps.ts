/** Shared by the engine-gaps tests: the deterministic engine, on the fixtures' menus or changed ones, and what a conversation holds. */
import { createDeterministicEngine } from '../../chatbot/engine/deterministic/index.js';
import type { Engine } from '../../chatbot/engine/types.js';
import type { Menu as ChatMenu } from '../../chatbot/menu-types.js';
import { readMenu } from '../../chatbot/payload-menu.js';
import type { LocationView, Payload } from '../../chatbot/payload-types.js';
import type { Cuisine } from '../../src/cli/seed/catalog.js';
import { NOW } from './fixtures.js';
import { demoMenuBody } from './menu-body.js';
import type { Conversation } from './simulator.js';

export const engine = createDeterministicEngine(() => NOW);
export const MISREAD = /not understand|nicht verstanden/i;
/** Inside the fixture's Neighbourhood zone, near Roma Mitte. */
export const PIN = { latitude: 52.53, longitude: 13.4 };

/** A demo menu of `npm run seed` as the body carries it. */
export const demoMenu = (cuisine: Cuisine): ChatMenu => readMenu(demoMenuBody(cuisine), 'EUR');

/** The engine on bodies whose locations' menus are changed first (the fixtures share one menu). */
export function withMenus(change: (loc: LocationView) => ChatMenu | null): Engine {
  return {
    name: 'deterministic',
    answer(p: Payload) {
      const locations = [p.location, ...(p.organization?.locations ?? [])].filter((l): l is LocationView => !!l);
      for (const l of locations) l.menu = change(l) ?? l.menu;
      return engine.answer(p);
    },
  };
}

export const burgers = demoMenu('burger');
export const burgerEngine = withMenus(() => burgers);
/** Roma Kreuzberg sells no Tiramisù. */
export const noTiramisuInKreuzberg = withMenus((l) =>
  l.id === 'loc_kreuzberg' ? { ...l.menu, products: l.menu.products.filter((p) => p.id !== 'tiramisu') } : null,
);

export const items = (c: Conversation) => ((c.draft?.items ?? []) as any[]).map((i) => `${i.quantity}× ${i.productId}`);
export const address = (c: Conversation) => (c.draft?.deliveryAddress ?? null) as Record<string, unknown> | null;
