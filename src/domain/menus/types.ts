/**
 * A location's menu as stored: one document, replaced whole by PUT. Ids are the restaurant's own and
 * stable across replacements, so order lines, category lists and availability switches can name them.
 */

import type { ServiceType } from '../orders/status.js';
import type { Money } from '../orders/types.js';

export type { Money };

/** The 14 allergens of EU regulation 1169/2011 (the US "major nine" fall within them). */
export const ALLERGENS = [
  'gluten',
  'crustaceans',
  'eggs',
  'fish',
  'peanuts',
  'soybeans',
  'milk',
  'nuts',
  'celery',
  'mustard',
  'sesame',
  'sulphites',
  'lupin',
  'molluscs',
] as const;
export type Allergen = (typeof ALLERGENS)[number];

export const DIETARY_TAGS = [
  'vegetarian',
  'vegan',
  'gluten_free',
  'lactose_free',
  'halal',
  'kosher',
  'spicy',
  'contains_alcohol',
] as const;
export type DietaryTag = (typeof DIETARY_TAGS)[number];

/** One choice of a modifier group: a topping, a size, a style. Its price is added per unit chosen. */
export interface ModifierOption {
  id: string;
  name: string;
  price: Money;
  /** How many units of this one option a customer may pick. */
  max_quantity: number;
  allergens: Allergen[];
}

/**
 * Shared by the products that list it. Choices count units (two of one option are two choices); the
 * first `free_quantity` units chosen in the group cost nothing.
 */
export interface ModifierGroup {
  id: string;
  name: string;
  description: string | null;
  min_choices: number;
  max_choices: number;
  free_quantity: number;
  options: ModifierOption[];
}

/** What a product comes with: the customer may leave it out, or ask for more of it at `extra.price`. */
export interface Ingredient {
  id: string;
  name: string;
  removable: boolean;
  extra: { price: Money; max_quantity: number } | null;
}

export interface Product {
  id: string;
  name: string;
  description: string | null;
  price: Money;
  modifier_group_ids: string[];
  ingredients: Ingredient[];
  allergens: Allergen[];
  dietary_tags: DietaryTag[];
}

/** A product a bundle line offers; `surcharge` (null: none) is that line item's unit price. */
export interface BundleChoice {
  product_id: string;
  surcharge: Money | null;
}

export interface BundleLine {
  id: string;
  name: string;
  /** Distinct products the customer picks from `choices`. */
  min_choices: number;
  max_choices: number;
  choices: BundleChoice[];
}

export interface Bundle {
  id: string;
  name: string;
  description: string | null;
  price: Money;
  lines: BundleLine[];
  dietary_tags: DietaryTag[];
}

export interface Category {
  id: string;
  name: string;
  description: string | null;
  /** Products and bundles, in display order; an item may be in several categories, or in none. */
  item_ids: string[];
}

interface PromotionBase {
  id: string;
  name: string;
  /** null: applies by itself; otherwise only to orders that carry this code (any letter case). */
  code: string | null;
  minimum_subtotal: Money | null;
  /** null: every service type. */
  service_types: ServiceType[] | null;
  starts_at: string | null;
  ends_at: string | null;
}
export interface PercentagePromotion extends PromotionBase {
  type: 'percentage';
  percent_off: number;
}
export interface FixedPromotion extends PromotionBase {
  type: 'fixed';
  amount: Money;
}
export type Promotion = PercentagePromotion | FixedPromotion;

export interface MenuDocument {
  categories: Category[];
  products: Product[];
  modifier_groups: ModifierGroup[];
  bundles: Bundle[];
  promotions: Promotion[];
}

export const emptyMenu = (): MenuDocument => ({
  categories: [],
  products: [],
  modifier_groups: [],
  bundles: [],
  promotions: [],
});

/** The kinds of item an availability switch can turn off. */
export type SwitchableKind = 'product' | 'bundle' | 'option';
