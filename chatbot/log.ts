/**
 * The chatbot's log: pino, in the server's shape (Fastify's default pino lines: numeric `level`, `time` in
 * epoch milliseconds, `pid`, `hostname`, `msg`), one JSON line per event on stdout, so both processes' lines
 * read alike. `CHATBOT_LOG_LEVEL`: trace, debug, info, warn, error, fatal or silent. Callers use pino's
 * order, fields first: `log.warn({ delivery }, 'signature refused')`.
 */
import { type DestinationStream, type Level, type LevelWithSilent, pino } from 'pino';

/** What the chatbot calls: pino's own methods, so any pino logger (the server's too) fits. */
export type Logger = Pick<pino.Logger, Level>;

export const LOG_LEVELS: readonly LevelWithSilent[] = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'];

/** A logger at `level` (refused when unknown) writing to `write` (stdout by default; tests capture lines). */
export function createLogger(level: string = 'info', write?: (line: string) => void): Logger {
  if (!LOG_LEVELS.includes(level as LevelWithSilent)) {
    throw new Error(`CHATBOT_LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got '${level}'`);
  }
  const stream: DestinationStream = write ? { write } : pino.destination({ dest: 1, sync: true });
  return pino({ level }, stream);
}
