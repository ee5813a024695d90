import { acceptanceSettings } from './acceptance-settings.js';
import { aiInstructions } from './ai-instructions.js';
import { deliverySettings } from './delivery-settings.js';
import { openingHours } from './opening-hours.js';
import { orderSettings } from './order-settings.js';

/** The location a settings object is checked against. */
export interface SettingsContext {
  currency: string;
  timezone: string;
  /** ISO 3166-1 alpha-2: the format of the postal codes its delivery zones list. */
  country: string;
  address: { latitude: number; longitude: number } | null;
}

export interface SettingsKindDef {
  defaults(): Record<string, unknown>;
  /** Checks what a schema cannot (cross-field rules, currency); throws ApiError with param. */
  check(data: Record<string, unknown>, ctx: SettingsContext): Record<string, unknown>;
}

export const SETTINGS = {
  order_settings: orderSettings,
  opening_hours: openingHours,
  delivery_settings: deliverySettings,
  acceptance_settings: acceptanceSettings,
  ai_instructions: aiInstructions,
} satisfies Record<string, SettingsKindDef>;

export type SettingsKind = keyof typeof SETTINGS;
