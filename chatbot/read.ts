/**
 * Defensive readers for JSON of unknown shape: a missing or mistyped field becomes the default instead of
 * an exception, so one odd field never costs the customer an answer.
 */
export type Json = Record<string, unknown>;

export const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
export const obj = (v: unknown): Json => (isObj(v) ? v : {});
export const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
export const objs = (v: unknown): Json[] => arr(v).filter(isObj);
export const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
export const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
export const bool = (v: unknown, fallback: boolean): boolean => (typeof v === 'boolean' ? v : fallback);
export const strs = (v: unknown): string[] => arr(v).filter((s): s is string => typeof s === 'string');

export function money(v: unknown, currency = ''): { amount: number; currency: string } | null {
  if (!isObj(v)) return null;
  const amount = num(v.amount);
  return amount === null ? null : { amount, currency: str(v.currency) ?? currency };
}
