import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { solveChallenge } from 'altcha-lib';
import { SQLite } from '../apps/server/src/platform/db/sqlite-driver';

/** Shared helpers for the browser tests: mail codes, users, login through the UI or the API. */

export const ADMIN = { username: 'admin', password: 'Admin12345' };
/** Where the web app notes that this browser has a session (its user; never a token). */
export const SESSION_STORAGE_KEY = 'nexo.session';
/** The web session's HttpOnly refresh cookie. */
export const SESSION_COOKIE = 'nexo_refresh';

function dataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  return dir;
}

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The readable text of an .eml: headers plus every part decoded (base64 or quoted-printable). */
function readableMail(raw: string): string {
  const decodedParts: string[] = [decodeQuotedPrintable(raw)];
  for (const match of raw.matchAll(
    /Content-Transfer-Encoding:\s*base64\s*\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/gi,
  )) {
    decodedParts.push(Buffer.from((match[1] ?? '').replace(/\s+/g, ''), 'base64').toString('utf8'));
  }
  return decodedParts.join('\n');
}

function mailsTo(address: string): { file: string; text: string; mtime: number }[] {
  const outbox = path.join(dataDir(), 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(outbox).filter((name) => name.endsWith('.eml'));
  } catch {
    return [];
  }
  return files
    .map((name) => {
      const file = path.join(outbox, name);
      const raw = readFileSync(file, 'utf8');
      return { file, raw, mtime: statSync(file).mtimeMs };
    })
    .filter(({ raw }) => {
      const to = /^To:\s*(.+(?:\r?\n[ \t].+)*)/im.exec(raw)?.[1] ?? '';
      return to.toLowerCase().includes(address.toLowerCase());
    })
    .map(({ file, raw, mtime }) => ({ file, text: readableMail(raw), mtime }))
    .sort((a, b) => b.mtime - a.mtime || b.file.localeCompare(a.file));
}

/** How many mails `address` has received so far (pass it to readLatestCode to wait for a newer one). */
export function mailCount(address: string): number {
  return mailsTo(address).length;
}

/**
 * The 6-digit code of the newest mail sent to `address` (waits up to 10 s for it to be written).
 * With `newerThan` (a previous mailCount) it waits for a mail that arrived after that count.
 */
export async function readLatestCode(address: string, options: { newerThan?: number } = {}): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      () => {
        const mails = mailsTo(address);
        if (options.newerThan !== undefined && mails.length <= options.newerThan) return undefined;
        for (const mail of mails) {
          code = /(?:^|[\s>])(\d{6})(?=[\s<]|$)/m.exec(mail.text)?.[1];
          if (code) return code;
        }
        return undefined;
      },
      { timeout: 10_000, message: `no code mailed to ${address}` },
    )
    .toBeTruthy();
  return code as string;
}

/** The newest link in a mail to `address` that contains `fragment` (e.g. 'codigoMail='). */
export async function readLatestLink(address: string, fragment: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        for (const mail of mailsTo(address)) {
          link = mail.text.match(/https?:\/\/[^\s"'<>]+/g)?.find((url) => url.includes(fragment));
          if (link) return link;
        }
        return undefined;
      },
      { timeout: 10_000, message: `no link with ${fragment} mailed to ${address}` },
    )
    .toBeTruthy();
  return (link as string).replace(/&amp;/g, '&');
}

let counter = 0;
/** This worker's slot (0 … workers − 1): two workers calling in the same millisecond differ by it. */
const workerSlot = Number(process.env.TEST_PARALLEL_INDEX ?? 0) % 10;
/**
 * A username that no other test (or earlier run on the same data dir) has used. The workers run
 * the same steps side by side, so the time and the call count alone once gave two of them the same
 * name, and each read the other's mailed code.
 */
export function uniqueUsername(prefix = 'e2e'): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter * 10 + workerSlot}`;
}

async function ok(response: Awaited<ReturnType<APIRequestContext['post']>>) {
  const body = await response.json().catch(() => null);
  expect(response.ok(), `${response.url()} → ${response.status()} ${JSON.stringify(body)}`).toBeTruthy();
  expect(body?.status, `${response.url()} → ${JSON.stringify(body)}`).toBe(1);
  return body;
}

/** Registers (and so logs in once) a new user through the API and the mailed code. */
export async function registerUserViaApi(
  request: APIRequestContext,
  username: string = uniqueUsername(),
): Promise<{ username: string; password: string; mail: string }> {
  const password = 'Clave12345';
  const mail = `${username}@nexo.test`;
  const { hash } = await ok(await request.post('/sv/usuario/enviarCodigoRegistracion', { data: { mail } }));
  const codigoIngresado = Number(await readLatestCode(mail));
  await ok(
    await request.post('/sv/usuario/registrar', {
      data: {
        nombre: `Usuario ${username}`,
        mail,
        telefono: '1155554444',
        username,
        password,
        confpassword: password,
        hash,
        codigoIngresado,
      },
    }),
  );
  return { username, password, mail };
}

/** Solves the server's ALTCHA challenge in Node, as the widget does in the browser. */
export async function solveCaptcha(request: APIRequestContext): Promise<string> {
  const response = await request.get('/sv/api/captcha');
  expect(response.ok()).toBeTruthy();
  const challenge = (await response.json()) as {
    algorithm: string;
    challenge: string;
    maxnumber?: number;
    salt: string;
    signature: string;
  };
  const solution = await solveChallenge(
    challenge.challenge,
    challenge.salt,
    challenge.algorithm,
    challenge.maxnumber,
  ).promise;
  if (!solution) throw new Error('captcha without solution');
  const payload = {
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    number: solution.number,
    salt: challenge.salt,
    signature: challenge.signature,
    took: solution.took,
  };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

/**
 * Logs in through the API and hands the session to the page's browser as the web app keeps it: the
 * refresh token as its HttpOnly cookie (scoped to /sv/oauth) and the note that a session exists in
 * localStorage (no token there); the app restores its access token with a silent refresh when it
 * loads. Call it before the page opens the app. Returns the API login's tokens: tests use its
 * access token for their own API calls (the browser gets its own).
 */
export async function loginViaApi(
  request: APIRequestContext,
  page: Page,
  username: string,
  password: string,
) {
  const captcha = await solveCaptcha(request);
  const body = await ok(await request.post('/sv/api/login', { data: { username, password, captcha } }));
  const session = {
    access_token: body.access_token as string,
    refresh_token: body.refresh_token as string,
    expiresAt: Date.now() + body.expires_in * 1000,
    usuario: body.usuario,
  };
  await page.context().addCookies([
    {
      name: SESSION_COOKIE,
      value: session.refresh_token,
      domain: 'localhost',
      path: '/sv/oauth',
      httpOnly: true,
      secure: true,
      sameSite: 'Strict',
      expires: Math.floor(Date.now() / 1000) + 30 * 86_400,
    },
  ]);
  await page.addInitScript(
    ([key, value]) => {
      // Only seed once: later reloads must see what the app itself stored (or removed at logout).
      if (!sessionStorage.getItem('nexo.e2e.seeded')) {
        localStorage.setItem(key as string, value as string);
        sessionStorage.setItem('nexo.e2e.seeded', '1');
      }
    },
    [SESSION_STORAGE_KEY, JSON.stringify({ usuario: session.usuario })],
  );
  return session;
}

/** Ticks the ALTCHA checkbox and waits until the proof of work is verified. */
export async function tickCaptcha(scope: Page | Locator) {
  const widget = scope.getByTestId('captcha');
  // The checkbox turns into a spinner while the proof of work runs, so click rather than check().
  await widget.getByRole('checkbox', { name: 'No soy un robot' }).click();
  await expect(widget.and(scope.locator('[data-state="verified"]'))).toBeVisible({ timeout: 20_000 });
}

/** Fills the login form, ticks the captcha and submits; waits until the app left /login. */
export async function loginViaUi(page: Page, username: string, password: string) {
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByLabel('Usuario', { exact: true }).fill(username);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await tickCaptcha(page);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).not.toHaveURL(/\/login/, { timeout: 15_000 });
}

/** An authenticated POST to the API that must succeed; the failure message shows the answer. */
export async function apiPost<T>(
  request: APIRequestContext,
  token: string,
  url: string,
  data: unknown,
): Promise<T> {
  const response = await request.post(url, { data, headers: { authorization: `Bearer ${token}` } });
  const body = await response.json();
  expect(response.ok(), `${url} → ${response.status()} ${JSON.stringify(body)}`).toBeTruthy();
  return body as T;
}

/**
 * Changes the user's licence token straight in the e2e database (the shop that sells plans is not
 * part of these tests): e.g. `{ permite_mapa: 1 }`, `{ permite_vistas: 1 }`, `{ tipo_suscripcion_id: 4 }` (Full).
 */
export function updateLicence(username: string, columns: Record<string, number>): void {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set');
  const db = new SQLite(path.join(dataDir, 'nexo.db'));
  db.pragma('busy_timeout = 5000');
  const sets = Object.keys(columns)
    .map((column) => {
      if (!/^[a-z_]+$/.test(column)) throw new Error(`columna inválida: ${column}`);
      return `${column} = ?`;
    })
    .join(', ');
  db.prepare(
    `update subscription_tokens set ${sets} where user_id = (select id from users where username = ?)`,
  ).run(...Object.values(columns), username);
  db.close();
}

/** A device's MQTT secret: from its creation answer when present, else from its detail. */
export async function deviceSecret(
  request: APIRequestContext,
  token: string,
  equipo: { id: number; secret?: string | undefined },
): Promise<string> {
  if (equipo.secret) return equipo.secret;
  const detail = await request.get(`/sv/api/equipo/${equipo.id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await detail.json()) as { equipo: { secret: string } }).equipo.secret;
}

/** The text of the newest mail to `address` (decoded), or '' when none arrived. */
export function latestMailText(address: string): string {
  return mailsTo(address)[0]?.text ?? '';
}

/**
 * The shop's payment details for transfer and paying at the shop, as the demo data fills them,
 * unless the admin already saved some: without them those means are not offered (e2e runs with DEMO=0).
 */
export function ensurePaymentDetails(): void {
  const db = new SQLite(path.join(dataDir(), 'nexo.db'));
  db.pragma('busy_timeout = 5000');
  db.prepare(
    `insert into shop_settings (id, transferencia_titular, transferencia_banco, transferencia_cbu,
       transferencia_alias, transferencia_cuit, local_direccion, local_horario, reserva_horas,
       max_compras_impagas, updated_at)
     values (1, 'Nexo IoT S.R.L.', 'Banco de la Nación Argentina', '0110599520000001234567',
       'NEXO.IOT.TIENDA', '30-71234567-9', 'Av. Corrientes 1234, CABA', 'Lunes a viernes de 9:00 a 18:00',
       72, 10, ?)
     on conflict (id) do nothing`,
  ).run(Date.now());
  db.close();
}

/** Time passes for an unpaid purchase: its reservation and its timer are due now (the server's scheduler runs it). */
export function expireReservation(compraId: number): void {
  const db = new SQLite(path.join(dataDir(), 'nexo.db'));
  db.pragma('busy_timeout = 5000');
  const past = Date.now() - 1000;
  db.prepare('update purchases set reservada_hasta = ? where id = ?').run(past, compraId);
  db.prepare("update scheduled_jobs set due_at = ? where kind = 'compras.reserva' and ref_id = ?").run(
    past,
    compraId,
  );
  db.close();
}

/**
 * What a person cannot reach on the screen: at a phone's width (`phone`), sideways scrolling and
 * controls off screen; at any width, controls under the support bubble. Each problem is prefixed
 * with `where`. Shared by the accessibility sweep and the phone tests.
 */
export async function layoutProblems(page: Page, where: string, phone: boolean): Promise<string[]> {
  const found = await page.evaluate((checkWidth) => {
    const out: string[] = [];
    const vw = window.innerWidth;
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()} «${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}»`;
    const controls = [
      ...document.querySelectorAll<HTMLElement>(
        'button, a[href], input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"], [role="switch"], [role="slider"]',
      ),
    ].filter((el) => {
      const r = el.getBoundingClientRect();
      return (
        r.width > 0 && r.height > 0 && el.checkVisibility({ visibilityProperty: true, opacityProperty: true })
      );
    });
    if (checkWidth) {
      if (document.documentElement.scrollWidth > vw + 1)
        out.push(`la página se desplaza de costado (${document.documentElement.scrollWidth} px)`);
      for (const el of controls) {
        const r = el.getBoundingClientRect();
        if (r.left >= -1 && r.right <= vw + 1) continue;
        // Inside a box that scrolls sideways on its own (tabs with arrows) it can be reached.
        let parent = el.parentElement;
        let reachable = false;
        while (parent && !reachable) {
          const overflow = getComputedStyle(parent).overflowX;
          reachable =
            (overflow === 'auto' || overflow === 'scroll') && parent.scrollWidth > parent.clientWidth;
          parent = parent.parentElement;
        }
        if (!reachable) out.push(`${describe(el)} queda fuera de la pantalla`);
      }
    }
    // Scrolled to the end, nothing lies under the support bubble.
    window.scrollTo(0, document.documentElement.scrollHeight);
    const bubble = document.querySelector('[data-testid="burbuja-soporte"]');
    if (bubble) {
      const b = bubble.getBoundingClientRect();
      for (const el of controls) {
        if (bubble.contains(el) || el.contains(bubble)) continue;
        const r = el.getBoundingClientRect();
        const left = Math.max(r.left, b.left);
        const right = Math.min(r.right, b.right);
        const top = Math.max(r.top, b.top);
        const bottom = Math.min(r.bottom, b.bottom);
        if (left >= right || top >= bottom) continue;
        // Covered only when the bubble is what lies on top there (a dialog sits above it).
        const onTop = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
        if (onTop && bubble.contains(onTop)) out.push(`la burbuja de soporte tapa ${describe(el)}`);
      }
    }
    window.scrollTo(0, 0);
    return out;
  }, phone);
  return found.map((p) => `${where}: ${p}`);
}
