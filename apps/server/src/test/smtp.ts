import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on an ephemeral port that keeps what it receives. Recipients listed in
 * `rejecting` are refused with 550, as a server does for a mailbox that does not exist.
 */
export async function startSmtpServer(options: { rejecting?: string[] } = {}) {
  const inbox: ReceivedMail[] = [];
  const rejecting = new Set(options.rejecting ?? []);
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (rejecting.has(address.address)) {
        const error = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  return {
    inbox,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

/** The text/plain part of a raw MIME message, quoted-printable decoded. */
export function plainText(raw: string): string {
  const start = raw.search(/Content-Type: text\/plain/i);
  if (start < 0) throw new Error('sin parte text/plain');
  const part = raw.slice(start);
  const bodyStart = part.search(/\r?\n\r?\n/);
  const body = part.slice(bodyStart).split(/\r?\n--/)[0] ?? '';
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The decoded Subject header (RFC 2047 encoded words). */
export function mailSubject(raw: string): string {
  const header = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? '';
  return header
    .replace(/\r?\n[ \t]/g, ' ')
    .replace(/=\?UTF-8\?Q\?([^?]*)\?=\s*/gi, (_m, text: string) =>
      Buffer.from(
        text
          .replace(/_/g, ' ')
          .replace(/=([0-9A-F]{2})/gi, (_x, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
        'latin1',
      ).toString('utf8'),
    )
    .replace(/=\?UTF-8\?B\?([^?]*)\?=\s*/gi, (_m, text: string) =>
      Buffer.from(text, 'base64').toString('utf8'),
    )
    .trim();
}
