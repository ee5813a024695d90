import { camelName } from '../../contracts/message-webhook/camel.js';

type Json = Record<string, unknown>;

/** `details` keys are names too (allowed_values → allowedValues): the body is camelCase throughout. */
function camelKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelKeys);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [camelName(k), camelKeys(v)]));
}

/**
 * Draft problems (REST shape: code, param, message, details?) as the body shows them: `param` names the
 * field of the camelCase draft (`deliveryAddress.latitude`, `items.0.options.1.optionId`).
 */
export function camelProblems(problems: readonly unknown[]): Json[] {
  return problems.map((p) => {
    const { code, message, details } = p as Json;
    const param = typeof (p as Json).param === 'string' ? camelName((p as Json).param as string) : null;
    return details === undefined ? { code, param, message } : { code, param, message, details: camelKeys(details) };
  });
}
