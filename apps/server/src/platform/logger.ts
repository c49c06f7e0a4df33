import pino, { type Logger } from 'pino';

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { app: 'nexo' },
    redact: {
      paths: ['req.headers.authorization', '*.password', '*.secret', '*.refresh_token'],
      censor: '***',
    },
  });
}
