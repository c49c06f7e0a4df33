/**
 * What a page downloaded and when, from Chromium's network log (CDP): the bytes that crossed the
 * wire for each request (`encodedDataLength`: the encoded body plus the response headers, what
 * DevTools shows as "transferred"), and, beside them, the gzip size (level 6) computed from the
 * decoded bodies of the scripts and stylesheets. Also the moments the dashboard's first live value
 * waits for: the API calls, SockJS's info request, the WebSocket handshake and the STOMP frames.
 */
import { gzipSync } from 'node:zlib';
import type { CDPSession, Page } from '@playwright/test';

interface Entry {
  url: string;
  type: string;
  /** Seconds on CDP's monotonic clock. */
  startS: number;
  endS?: number;
  bytes: number;
  encoding: string;
  gzipBytes?: number;
}

export interface PageBytes {
  /** Bytes transferred for scripts, for stylesheets and for every request of the page. */
  jsTransferredKb: number;
  cssTransferredKb: number;
  transferredKb: number;
  /** gzip -6 of the decoded script and stylesheet bodies (the bench's figure before issue 26). */
  jsGzipKb: number;
  cssGzipKb: number;
  jsFiles: number;
  /** Scripts that arrived without a content-encoding. */
  jsUncompressed: number;
}

/** Milliseconds from the document request to each step of the dashboard's live path. */
export interface LiveTimeline {
  documentMs?: number | undefined;
  lastScriptBeforeSocketMs?: number | undefined;
  firstApiStartMs?: number | undefined;
  firstApiEndMs?: number | undefined;
  sockjsInfoStartMs?: number | undefined;
  sockjsInfoEndMs?: number | undefined;
  webSocketStartMs?: number | undefined;
  webSocketOpenMs?: number | undefined;
  stompConnectedMs?: number | undefined;
  firstSubscribeMs?: number | undefined;
  firstMessageMs?: number | undefined;
}

const kb = (bytes: number) => Math.round(bytes / 1024);

/** Starts recording; `Network.enable` must have been sent on `cdp` (throttle() does). */
export function recordNetwork(page: Page, cdp: CDPSession) {
  const entries = new Map<string, Entry>();
  const pendingBodies: Promise<void>[] = [];
  let documentStartS: number | undefined;
  const socket: {
    startS?: number;
    openS?: number;
    connectedS?: number;
    subscribeS?: number;
    messageS?: number;
  } = {};

  cdp.on('Network.requestWillBeSent', (event) => {
    if (event.type === 'Document' && documentStartS === undefined) documentStartS = event.timestamp;
    if (entries.has(event.requestId)) return;
    entries.set(event.requestId, {
      url: event.request.url,
      type: event.type ?? 'Other',
      startS: event.timestamp,
      bytes: 0,
      encoding: '',
    });
  });
  cdp.on('Network.responseReceived', (event) => {
    const entry = entries.get(event.requestId);
    if (!entry) return;
    entry.type = event.type;
    const headers = Object.fromEntries(
      Object.entries(event.response.headers).map(([name, value]) => [name.toLowerCase(), value]),
    );
    entry.encoding = headers['content-encoding'] ?? '';
  });
  cdp.on('Network.loadingFinished', (event) => {
    const entry = entries.get(event.requestId);
    if (!entry) return;
    entry.bytes = event.encodedDataLength;
    entry.endS = event.timestamp;
  });
  cdp.on('Network.webSocketWillSendHandshakeRequest', (event) => {
    socket.startS ??= event.timestamp;
  });
  cdp.on('Network.webSocketHandshakeResponseReceived', (event) => {
    socket.openS ??= event.timestamp;
  });
  cdp.on('Network.webSocketFrameSent', (event) => {
    if (socket.subscribeS === undefined && event.response.payloadData.includes('SUBSCRIBE'))
      socket.subscribeS = event.timestamp;
  });
  cdp.on('Network.webSocketFrameReceived', (event) => {
    const data = event.response.payloadData;
    if (socket.connectedS === undefined && data.includes('CONNECTED')) socket.connectedS = event.timestamp;
    if (socket.messageS === undefined && data.includes('MESSAGE') && data.includes('sensor.valor'))
      socket.messageS = event.timestamp;
  });
  // The computed gzip size, from the decoded body Playwright hands over.
  const gzipByUrl = new Map<string, number>();
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pendingBodies.push(
      response
        .body()
        .then((body) => {
          gzipByUrl.set(response.url(), gzipSync(body, { level: 6 }).length);
        })
        .catch(() => undefined),
    );
  });

  return {
    async bytes(): Promise<PageBytes> {
      await Promise.all(pendingBodies);
      let js = 0;
      let css = 0;
      let all = 0;
      let jsGzip = 0;
      let cssGzip = 0;
      let jsFiles = 0;
      let jsUncompressed = 0;
      const scripts: Entry[] = [];
      for (const entry of entries.values()) {
        all += entry.bytes;
        const gzip = gzipByUrl.get(entry.url) ?? 0;
        if (entry.type === 'Script') {
          js += entry.bytes;
          jsGzip += gzip;
          jsFiles++;
          if (!entry.encoding && entry.endS !== undefined) jsUncompressed++;
          scripts.push({ ...entry, gzipBytes: gzip });
        } else if (entry.type === 'Stylesheet') {
          css += entry.bytes;
          cssGzip += gzip;
        }
      }
      // BENCH_VERBOSE=1 lists the largest scripts, to see what a route pulls in.
      if (process.env.BENCH_VERBOSE)
        for (const s of scripts.sort((a, b) => b.bytes - a.bytes).slice(0, 15))
          console.log(
            `  ${(s.bytes / 1024).toFixed(1)} KB transferidos (${s.encoding || 'sin comprimir'}, gzip ${((s.gzipBytes ?? 0) / 1024).toFixed(1)} KB) ${new URL(s.url).pathname.split('/').pop()}`,
          );
      return {
        jsTransferredKb: kb(js),
        cssTransferredKb: kb(css),
        transferredKb: kb(all),
        jsGzipKb: kb(jsGzip),
        cssGzipKb: kb(cssGzip),
        jsFiles,
        jsUncompressed,
      };
    },

    /** The live path's steps, relative to the document request (BENCH_VERBOSE prints the waterfall). */
    timeline(): LiveTimeline {
      const origin = documentStartS ?? 0;
      const ms = (seconds: number | undefined) =>
        seconds === undefined ? undefined : Math.round((seconds - origin) * 1000);
      const list = [...entries.values()];
      const document = list.find((e) => e.type === 'Document');
      const api = list.filter((e) => new URL(e.url).pathname.startsWith('/sv/api/'));
      const info = list.find((e) => new URL(e.url).pathname.startsWith('/sv/stomp/info'));
      const scriptsBeforeSocket = list.filter(
        (e) => e.type === 'Script' && e.endS !== undefined && e.endS <= (socket.startS ?? Infinity),
      );
      if (process.env.BENCH_VERBOSE)
        for (const e of list.sort((a, b) => a.startS - b.startS))
          console.log(
            `  ${String(ms(e.startS)).padStart(6)} → ${String(ms(e.endS) ?? '…').padStart(6)} ms  ${e.type.padEnd(10)} ${(e.bytes / 1024).toFixed(1).padStart(6)} KB  ${new URL(e.url).pathname}`,
          );
      return {
        documentMs: ms(document?.endS),
        lastScriptBeforeSocketMs: ms(Math.max(...scriptsBeforeSocket.map((e) => e.endS ?? 0), origin)),
        firstApiStartMs: ms(api[0]?.startS),
        firstApiEndMs: ms(api[0]?.endS),
        sockjsInfoStartMs: ms(info?.startS),
        sockjsInfoEndMs: ms(info?.endS),
        webSocketStartMs: ms(socket.startS),
        webSocketOpenMs: ms(socket.openS),
        stompConnectedMs: ms(socket.connectedS),
        firstSubscribeMs: ms(socket.subscribeS),
        firstMessageMs: ms(socket.messageS),
      };
    },
  };
}
