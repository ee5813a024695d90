/** 0001-01-01T00:00:00Z and 10000-01-01T00:00:00Z: the years both JavaScript and PostgreSQL hold. */
export const FIRST_INSTANT = -62_135_596_800_000;
export const PAST_LAST_INSTANT = 253_402_300_800_000;

export const isStorableInstant = (ms: number) => ms >= FIRST_INSTANT && ms < PAST_LAST_INSTANT;
