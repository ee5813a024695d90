/** The part of a logger (pino's, Fastify's `app.log`) that background work below the transports writes to. */
export interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}
