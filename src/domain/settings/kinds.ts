import { acceptanceSettings } from './acceptance-settings.js';
import { aiInstructions } from './ai-instructions.js';
import { deliverySettings } from './delivery-settings.js';
import { openingHours } from './opening-hours.js';
import { orderSettings } from './order-settings.js';
import type { SettingsKindDef } from './types.js';

export type { SettingsContext, SettingsKindDef } from './types.js';

export const SETTINGS = {
  order_settings: orderSettings,
  opening_hours: openingHours,
  delivery_settings: deliverySettings,
  acceptance_settings: acceptanceSettings,
  ai_instructions: aiInstructions,
} satisfies Record<string, SettingsKindDef>;

export type SettingsKind = keyof typeof SETTINGS;
