import { createServer } from 'node:http';

/**
 * A stand-in for the Telegram Bot API that the e2e server's bot long-polls (TELEGRAM_API_ROOT).
 * Playwright starts it before the server. Tests drive it over HTTP: POST /control/update queues an
 * update for the bot, GET /control/sent lists what the bot sent. Run: node --import tsx e2e/fake-telegram.ts <port>
 */
const port = Number(process.argv[2] ?? 9188);
let nextUpdateId = 1;
let pending: Array<Record<string, unknown>> = [];
const sent: Array<Record<string, unknown>> = [];
let wake: (() => void) | undefined;

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', async () => {
    const raw = Buffer.concat(chunks).toString('utf8');
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    const answer = (payload: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    const url = req.url ?? '';
    if (url === '/control/health') return answer({ ok: true });
    if (url === '/control/update') {
      pending.push({ update_id: nextUpdateId++, ...body });
      wake?.();
      return answer({ ok: true });
    }
    if (url === '/control/sent') return answer(sent);
    const method = /^\/bot[^/]+\/(\w+)$/.exec(url)?.[1];
    if (method === 'getMe') {
      return answer({
        ok: true,
        result: { id: 1, is_bot: true, first_name: 'Nexo', username: 'nexo_e2e_bot' },
      });
    }
    if (method === 'getUpdates') {
      const offset = Number(body.offset ?? 0);
      pending = pending.filter((u) => Number(u.update_id) >= offset);
      if (pending.length === 0 && Number(body.timeout ?? 0) > 0) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 1_000);
        });
      }
      return answer({ ok: true, result: pending });
    }
    if (method === 'sendMessage') {
      sent.push(body);
      return answer({
        ok: true,
        result: { message_id: sent.length, date: 0, chat: { id: Number(body.chat_id), type: 'private' } },
      });
    }
    return answer({ ok: true, result: true });
  });
});
server.listen(port, '127.0.0.1');
