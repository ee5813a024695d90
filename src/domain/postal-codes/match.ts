/**
 * Postal codes as delivery zones list them: full codes ("10115", "NW1 6XE") and prefixes ending in `*`
 * ("101*", "NW1*"). Customers type codes every which way, so codes compare normalised: letter case,
 * spaces and hyphens do not count ("nw1 6xe" = "NW16XE", "01304-001" = "01304001").
 * The chatbot has its own copy of these few lines (chatbot/engine/geo.ts): it does not import the server.
 */

/** The code with its letters upper-case and its separators (whitespace, hyphens) gone. */
export const normalizePostalCode = (code: string): string => code.toUpperCase().replace(/[\s-]/g, '');

/** Whether `postalCode` is one of `codes` or starts with one of its prefixes; no code matches nothing. */
export function matchesPostalCodes(codes: readonly string[], postalCode: string | null): boolean {
  const key = postalCode === null ? '' : normalizePostalCode(postalCode);
  if (key === '') return false;
  return codes.some((c) =>
    c.endsWith('*') ? key.startsWith(normalizePostalCode(c.slice(0, -1))) : key === normalizePostalCode(c),
  );
}
