/**
 * A function of a string, remembered per argument; beyond `max` arguments the oldest is forgotten first.
 * For values made again and again from the same few inputs (an endpoint's signer from its secret, a URL's
 * check), where the inputs are not bounded in principle (a tenant may have many endpoints).
 */
export function boundedMemo<T>(make: (key: string) => T, max = 1_000): (key: string) => T {
  const made = new Map<string, T>();
  return (key) => {
    if (made.has(key)) return made.get(key) as T;
    const value = make(key);
    if (made.size >= max) made.delete(made.keys().next().value as string);
    made.set(key, value);
    return value;
  };
}
