/**
 * The menu as the chatbot reads it (the REST menu, camelCase; docs/menus.md), with defaults filled in. A
 * view, not the wire: its own names (`groups` for `modifierGroups`, `groupIds` for `modifierGroupIds`) and
 * no nulls where a default will do; the wire's menu is `WireLocation['menu']` (./wire.ts).
 */
import type { Money, ServiceType } from './wire.js';

export type { Money, ServiceType };

export interface MenuOption {
  id: string;
  name: string;
  price: Money;
  maxQuantity: number;
  allergens: string[];
  available: boolean;
  unavailableUntil: string | null;
}

export interface MenuGroup {
  id: string;
  name: string;
  description: string | null;
  minChoices: number;
  maxChoices: number;
  freeQuantity: number;
  options: MenuOption[];
}

export interface MenuIngredient {
  id: string;
  name: string;
  removable: boolean;
  extra: { price: Money; maxQuantity: number } | null;
}

export interface MenuProduct {
  id: string;
  name: string;
  description: string | null;
  price: Money;
  groupIds: string[];
  ingredients: MenuIngredient[];
  allergens: string[];
  dietaryTags: string[];
  available: boolean;
  unavailableUntil: string | null;
}

export interface BundleLine {
  id: string;
  name: string;
  minChoices: number;
  maxChoices: number;
  choices: { productId: string; surcharge: Money | null }[];
}

export interface MenuBundle {
  id: string;
  name: string;
  description: string | null;
  price: Money;
  lines: BundleLine[];
  dietaryTags: string[];
  available: boolean;
  unavailableUntil: string | null;
}

export interface MenuCategory {
  id: string;
  name: string;
  description: string | null;
  itemIds: string[];
}

export interface Promotion {
  id: string;
  name: string;
  type: 'percentage' | 'fixed';
  percentOff: number | null;
  amount: Money | null;
  code: string | null;
  minimumSubtotal: Money | null;
  serviceTypes: ServiceType[] | null;
  startsAt: string | null;
  endsAt: string | null;
}

export interface Menu {
  currency: string;
  categories: MenuCategory[];
  products: MenuProduct[];
  groups: MenuGroup[];
  bundles: MenuBundle[];
  promotions: Promotion[];
}
