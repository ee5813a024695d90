/** One JSON line per event on stdout; `CHATBOT_LOG_LEVEL` (debug, info, warn, error, silent). */
const LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
type Level = (typeof LEVELS)[number];

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

export function createLogger(
  level: string = 'info',
  write: (line: string) => void = (l) => process.stdout.write(l),
): Logger {
  const min = Math.max(0, LEVELS.indexOf(level as Level));
  const at =
    (name: Level) =>
    (msg: string, fields: Record<string, unknown> = {}) => {
      if (LEVELS.indexOf(name) < min) return;
      write(`${JSON.stringify({ time: new Date().toISOString(), level: name, msg, ...fields })}\n`);
    };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}
