import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';

/**
 * The server's logger. JSON lines, except in a terminal (stdout is a TTY and LOG_FORMAT is not
 * 'json'), where `npm start` prints readable, coloured lines. Production behind a process manager
 * or in a container writes to a pipe, so it keeps JSON.
 */
export function createLogger(level: string, options: { pretty?: boolean } = {}): Logger {
  const readable = options.pretty ?? (process.stdout.isTTY === true && process.env.LOG_FORMAT !== 'json');
  const settings = {
    level,
    base: { app: 'nexo' },
    redact: {
      paths: ['req.headers.authorization', '*.password', '*.secret', '*.refresh_token'],
      censor: '***',
    },
  };
  if (!readable) return pino(settings);
  return pino(
    settings,
    pretty({ colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,app', singleLine: true }),
  );
}
