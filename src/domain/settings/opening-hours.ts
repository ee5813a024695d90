import { checkPeriods, type Period } from '../hours.js';
import type { SettingsKindDef } from './types.js';

export type OpeningHours = {
  /** Wall-clock periods in the location's time zone; several a day, past midnight allowed. */
  periods: Period[];
};

export const openingHours: SettingsKindDef = {
  defaults: (): OpeningHours => ({ periods: [] }),
  check(data) {
    checkPeriods((data as unknown as OpeningHours).periods, 'periods');
    return data;
  },
};
