import type { Logger } from '@evident/api/context';
import { type Logger as Pino, pino } from 'pino';

export function createPino(level: string): Pino {
  return pino({ level });
}

export function toLogger(p: Pino): Logger {
  return {
    info: (message) => p.info(message),
    warn: (message) => p.warn(message),
    error: (error, message) => p.error({ err: error }, message ?? 'error'),
  };
}
