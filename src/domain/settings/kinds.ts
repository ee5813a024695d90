/** The location context a settings object is checked against. */
export interface SettingsContext {
  currency: string;
  timezone: string;
}

export interface SettingsKindDef {
  defaults(): Record<string, unknown>;
  /** Checks what a schema cannot (cross-field rules, currency); throws ApiError with param. */
  check(data: Record<string, unknown>, ctx: SettingsContext): Record<string, unknown>;
}

// Placeholder registry; each kind is defined in its own module.
export const SETTINGS = {
  order_settings: { defaults: () => ({}), check: (d, _ctx) => d },
  opening_hours: { defaults: () => ({}), check: (d, _ctx) => d },
  delivery_settings: { defaults: () => ({}), check: (d, _ctx) => d },
  acceptance_settings: { defaults: () => ({}), check: (d, _ctx) => d },
  ai_instructions: { defaults: () => ({}), check: (d, _ctx) => d },
} satisfies Record<string, SettingsKindDef>;

export type SettingsKind = keyof typeof SETTINGS;
