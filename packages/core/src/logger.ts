/** What domain code logs through; apps/server backs it with pino. */
export type Logger = {
  info(message: string): void;
  warn(message: string): void;
  error(error: unknown, message?: string): void;
};
