/**
 * STOMP 1.0–1.2 frame codec. A frame is COMMAND EOL, headers EOL, blank line, body, NUL.
 * A bare EOL between frames is a heart-beat. Header values are escaped in 1.2 (and 1.1)
 * except in CONNECT/CONNECTED frames (STOMP 1.2 "Value Encoding").
 */
export interface StompFrame {
  command: string;
  headers: Record<string, string>;
  body: string;
}

const NUL = '\u0000';

function unescapeHeader(value: string): string {
  return value.replace(/\\([rnc\\])/g, (_match, code: string) => {
    if (code === 'r') return '\r';
    if (code === 'n') return '\n';
    if (code === 'c') return ':';
    return '\\';
  });
}

export function escapeHeader(value: string): string {
  if (!/[\\\r\n:]/.test(value)) return value;
  return value.replace(/[\\\r\n:]/g, (ch) => {
    if (ch === '\\') return '\\\\';
    if (ch === '\r') return '\\r';
    if (ch === '\n') return '\\n';
    return '\\c';
  });
}

export function serializeFrame(frame: StompFrame, escapeHeaders = true): string {
  const lines = [frame.command];
  const doEscape = escapeHeaders && frame.command !== 'CONNECTED';
  for (const [name, value] of Object.entries(frame.headers)) {
    lines.push(doEscape ? `${escapeHeader(name)}:${escapeHeader(value)}` : `${name}:${value}`);
  }
  return `${lines.join('\n')}\n\n${frame.body}${NUL}`;
}

export class FrameError extends Error {}

/**
 * Incremental parser: transports may split or join frames, so data is buffered until a
 * complete frame (NUL, or content-length bytes) is present. Returns frames and heart-beats.
 */
export class FrameParser {
  private buffer = '';

  constructor(private readonly maxFrameChars: number) {}

  /** Parses what is complete; `heartbeats` counts bare EOLs seen between frames. */
  push(data: string): { frames: StompFrame[]; heartbeats: number } {
    this.buffer += data;
    const frames: StompFrame[] = [];
    let heartbeats = 0;
    for (;;) {
      // Leading EOLs are heart-beats.
      let start = 0;
      while (start < this.buffer.length) {
        const ch = this.buffer[start];
        if (ch === '\n') {
          heartbeats++;
          start++;
        } else if (ch === '\r' && this.buffer[start + 1] === '\n') {
          heartbeats++;
          start += 2;
        } else break;
      }
      this.buffer = this.buffer.slice(start);
      if (this.buffer.length === 0) break;

      const headerEnd = this.findHeaderEnd();
      if (headerEnd === null) {
        if (this.buffer.length > this.maxFrameChars) throw new FrameError('frame too large');
        break;
      }
      const head = this.buffer.slice(0, headerEnd.index);
      const lines = head.split(/\r?\n/);
      const command = lines.shift() ?? '';
      if (!/^[A-Z]+$/.test(command)) throw new FrameError('invalid command');
      const headers: Record<string, string> = {};
      const escaped = command !== 'CONNECT' && command !== 'STOMP';
      for (const line of lines) {
        const colon = line.indexOf(':');
        if (colon <= 0) throw new FrameError('invalid header');
        const name = escaped ? unescapeHeader(line.slice(0, colon)) : line.slice(0, colon);
        const value = escaped ? unescapeHeader(line.slice(colon + 1)) : line.slice(colon + 1);
        // Repeated headers: the first one wins (STOMP 1.2).
        if (!(name in headers)) headers[name] = value;
      }
      const bodyStart = headerEnd.index + headerEnd.length;
      const lengthHeader = headers['content-length'];
      let bodyEnd: number;
      if (lengthHeader !== undefined) {
        const length = Number(lengthHeader);
        if (!Number.isInteger(length) || length < 0) throw new FrameError('invalid content-length');
        // content-length counts octets; our transport carries JS strings, so convert.
        const bodyChars = charsForBytes(this.buffer, bodyStart, length);
        if (bodyChars === null) {
          if (this.buffer.length > this.maxFrameChars) throw new FrameError('frame too large');
          break;
        }
        bodyEnd = bodyStart + bodyChars;
        if (this.buffer.length <= bodyEnd) break;
        if (this.buffer[bodyEnd] !== NUL) throw new FrameError('missing NUL');
      } else {
        bodyEnd = this.buffer.indexOf(NUL, bodyStart);
        if (bodyEnd < 0) {
          if (this.buffer.length > this.maxFrameChars) throw new FrameError('frame too large');
          break;
        }
      }
      if (bodyEnd + 1 > this.maxFrameChars) throw new FrameError('frame too large');
      frames.push({ command, headers, body: this.buffer.slice(bodyStart, bodyEnd) });
      this.buffer = this.buffer.slice(bodyEnd + 1);
    }
    return { frames, heartbeats };
  }

  private findHeaderEnd(): { index: number; length: number } | null {
    const lf = this.buffer.indexOf('\n\n');
    const crlf = this.buffer.indexOf('\r\n\r\n');
    if (lf < 0 && crlf < 0) return null;
    if (crlf >= 0 && (lf < 0 || crlf < lf)) return { index: crlf, length: 4 };
    return { index: lf, length: 2 };
  }
}

/** How many UTF-16 chars from `start` make `bytes` UTF-8 octets, or null when not all arrived yet. */
function charsForBytes(text: string, start: number, bytes: number): number | null {
  let count = 0;
  let index = start;
  while (count < bytes) {
    if (index >= text.length) return null;
    const code = text.codePointAt(index) ?? 0;
    const width = code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
    count += width;
    index += code >= 0x10000 ? 2 : 1;
  }
  return index - start;
}
