/**
 * What a notification held that the adapter did not expect (Meta's errors, unknown types and fields,
 * refused items): counted every time, logged once per kind and detail in a process, so a new Cloud API
 * field seen in every notification is one log line, not millions.
 */
import type { Anomaly } from './notification.js';

/** Enough distinct details to notice what changed; beyond it, details are no longer remembered (nor logged). */
const MAX_REMEMBERED = 1000;

export interface AnomalyLog {
  /** Each anomaly counted; the ones never seen before in this process returned, for one log line each. */
  observe(anomalies: Anomaly[]): Anomaly[];
}

export function anomalyLog(count: (kind: Anomaly['kind']) => void): AnomalyLog {
  const seen = new Set<string>();
  return {
    observe(anomalies) {
      const fresh: Anomaly[] = [];
      for (const a of anomalies) {
        count(a.kind);
        const key = `${a.kind}:${a.detail}`;
        if (seen.has(key) || seen.size >= MAX_REMEMBERED) continue;
        seen.add(key);
        fresh.push(a);
      }
      return fresh;
    },
  };
}
