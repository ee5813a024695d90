/** What every settings kind is checked against and provides (./kinds.ts lists the kinds). */

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
