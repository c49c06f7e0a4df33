import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { mensajes } from '@nexo/contracts';
import { test as base, expect } from '@playwright/test';
import QRCode from 'qrcode';
import { ADMIN, loginViaApi, registerUserViaApi, solveCaptcha, uniqueUsername } from './helpers';

/**
 * A y4m video (what Chromium's fake camera plays) of a QR code: black modules on white, a quiet
 * zone of 4 modules, grey chroma.
 */
function qrVideo(text: string, file: string) {
  const size = 320;
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const modules = qr.modules.size;
  const scale = Math.floor(size / (modules + 8));
  const offset = Math.floor((size - modules * scale) / 2);
  const luma = Buffer.alloc(size * size, 255);
  for (let y = 0; y < modules * scale; y++) {
    for (let x = 0; x < modules * scale; x++) {
      if (qr.modules.get(Math.floor(y / scale), Math.floor(x / scale)))
        luma[(offset + y) * size + offset + x] = 0;
    }
  }
  const chroma = Buffer.alloc((size / 2) * (size / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  writeFileSync(
    file,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${size} H${size} F10:1 Ip A1:1 C420jpeg\n`), frame, frame]),
  );
}

interface Labelled {
  nombre: string;
  codigoReclamo: string;
}

/**
 * The label's device is made before the browser starts: its QR (the claim link) becomes the fake
 * camera's picture. Chromium on Linux has no BarcodeDetector, so this reads it with the jsQR fallback.
 */
const test = base.extend<object, { labelled: Labelled }>({
  labelled: [
    async ({ playwright }, use) => {
      const port = Number(process.env.E2E_PORT ?? 8188);
      const api = await playwright.request.newContext({ baseURL: `http://localhost:${port}` });
      const login = await api.post('/sv/api/login', {
        data: { username: ADMIN.username, password: ADMIN.password, captcha: await solveCaptcha(api) },
      });
      const token = (await login.json()).access_token as string;
      const created = await api.post('/sv/api/admin/equipos/crear', {
        headers: { authorization: `Bearer ${token}` },
        data: { patron: `Etiqueta ${uniqueUsername('qr')} {n}`, cantidad: 1 },
      });
      const [equipo] = (await created.json()).equipos as Labelled[];
      await api.dispose();
      if (!equipo) throw new Error('sin equipo');
      await use(equipo);
    },
    { scope: 'worker' },
  ],
  launchOptions: [
    async ({ launchOptions, labelled }, use) => {
      const video = path.join(os.tmpdir(), `nexo-qr-${process.pid}.y4m`);
      qrVideo(`http://localhost/home/equipoNuevo?codigo=${labelled.codigoReclamo}`, video);
      await use({
        ...launchOptions,
        args: [
          ...(launchOptions.args ?? []),
          '--use-fake-ui-for-media-stream',
          '--use-fake-device-for-media-stream',
          `--use-file-for-fake-video-capture=${video}`,
        ],
      });
    },
    { scope: 'worker' },
  ],
});

test('un cliente reclama un equipo escaneando el QR de su etiqueta con la cámara', async ({
  page,
  request,
  labelled,
}) => {
  test.setTimeout(120_000);
  const customer = await registerUserViaApi(request, uniqueUsername('escanea'));
  await loginViaApi(request, page, customer.username, customer.password);
  await page.goto('/home/misEquipos');
  await page.getByRole('button', { name: mensajes.agregarEquipoExistente }).click();
  const dialog = page.getByRole('dialog', { name: mensajes.agregarEquipoExistente });
  await dialog.getByRole('button', { name: mensajes.escanearEtiqueta }).click();
  await expect(page.getByText(mensajes.equipoReclamado.replace('{nombre}', labelled.nombre))).toBeVisible({
    timeout: 20_000,
  });
  await page.getByRole('button', { name: mensajes.cerrar }).click();
  await expect(page.getByText(labelled.nombre).first()).toBeVisible();
});
