import { FrameParser } from './stomp.frames.js';
import type { StompTransport } from './stomp.server.js';

/** An in-memory transport: what the server sends is parsed back into frames and heart-beats. */
export function fakeTransport() {
  const parser = new FrameParser(1_000_000);
  const frames: ReturnType<FrameParser['push']>['frames'] = [];
  let heartbeats = 0;
  let closed = false;
  let onData: (data: string) => void = () => {};
  let onClose: () => void = () => {};
  const transport: StompTransport = {
    send(data) {
      const parsed = parser.push(data);
      frames.push(...parsed.frames);
      heartbeats += parsed.heartbeats;
    },
    close() {
      closed = true;
      onClose();
    },
    onData: (listener) => {
      onData = listener;
    },
    onClose: (listener) => {
      onClose = listener;
    },
  };
  return {
    transport,
    frames,
    heartbeats: () => heartbeats,
    closed: () => closed,
    receive: (data: string) => onData(data),
  };
}
