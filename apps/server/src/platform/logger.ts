import pino, { type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';
import { requestIdMixin } from './request-context.js';

/**
 * The server's logger. JSON lines, except in a terminal (stdout is a TTY and LOG_FORMAT is not
 * 'json'), where `npm start` prints readable, coloured lines. Production behind a process manager
 * or in a container writes to a pipe, so it keeps JSON.
 */
export function createLogger(
  level: string,
  options: {
    pretty?: boolean /** Where JSON lines go instead of stdout (tests). */;
    destination?: DestinationStream;
  } = {},
): Logger {
  const readable = options.pretty ?? (process.stdout.isTTY === true && process.env.LOG_FORMAT !== 'json');
  const settings = {
    level,
    base: { app: 'nexo' },
    // Every line logged while serving a request carries its id (platform/request-context.ts).
    mixin: requestIdMixin,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.secret',
        '*.refresh_token',
      ],
      censor: '***',
    },
  };
  if (options.destination) return pino(settings, options.destination);
  if (!readable) return pino(settings);
  return pino(
    settings,
    pretty({ colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,app', singleLine: true }),
  );
}
