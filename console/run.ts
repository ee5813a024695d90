/**
 * A change made from a tab: its error shown in the tab's status line (cleared first), and the tab's data
 * read again either way, so what is shown is what the server now holds (a refused change included).
 */
export type Run = (change: () => Promise<unknown>) => Promise<void>;

export const changeThenReload =
  (setError: (message: string) => void, load: () => Promise<unknown>): Run =>
  async (change) => {
    setError('');
    try {
      await change();
    } catch (err) {
      setError((err as Error).message);
    }
    await load();
  };
