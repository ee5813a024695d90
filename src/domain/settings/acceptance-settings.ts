import { invalidParam } from '../errors.js';
import type { SettingsKindDef } from './types.js';

export type AcceptanceSettings = {
  /** manual: staff accept each order; automatic: orders are accepted on arrival. */
  mode: 'manual' | 'automatic';
  /** How long a manual order may wait for staff before timeout_action applies. */
  timeout_seconds: number;
  timeout_action: 'reject' | 'accept';
  /** Reason given to the customer when an order is rejected by timeout. */
  timeout_rejection_reason: string | null;
};

export const acceptanceSettings: SettingsKindDef = {
  defaults: (): AcceptanceSettings => ({
    mode: 'manual',
    timeout_seconds: 300,
    timeout_action: 'reject',
    timeout_rejection_reason: null,
  }),
  check(data) {
    const s = data as unknown as AcceptanceSettings;
    if (s.timeout_rejection_reason !== null && s.timeout_action !== 'reject') {
      throw invalidParam(
        'timeout_rejection_reason',
        "timeout_rejection_reason only applies when timeout_action is 'reject'.",
      );
    }
    return data;
  },
};
