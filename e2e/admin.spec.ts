import { mensajes } from '@nexo/contracts';
import { expect, test } from '@playwright/test';
import {
  ADMIN,
  apiPost,
  ensurePaymentDetails,
  loginViaApi,
  registerUserViaApi,
  solveCaptcha,
  uniqueUsername,
} from './helpers';

/**
 * The operator's day: create 3 devices with their labels, hand one to a customer, confirm the
 * customer's transfer and ship it, and answer the customer's query; the audit log keeps it all.
 */
test('el día del operador: crea 3 equipos, confirma una transferencia, la envía y responde una consulta', async ({
  page,
  request,
}) => {
  // A customer bought a product by transfer and asked about it (through the API, as a browser would).
  const customer = await registerUserViaApi(request, uniqueUsername('clienteop'));
  const login = await request.post('/sv/api/login', {
    data: { username: customer.username, password: customer.password, captcha: await solveCaptcha(request) },
  });
  const token = (await login.json()).access_token as string;
  // Transfer is offered only with its details (e2e runs without the demo data).
  ensurePaymentDetails();
  const productos = (await (await request.get('/sv/ventas/traerProductos')).json()).productos as Array<{
    id: number;
    nombre: string;
    stock: number;
  }>;
  const producto = productos.find((p) => p.nombre === 'Fuente 5 V 2 A') ?? productos.find((p) => p.stock > 0);
  const { compra } = await apiPost<{ compra: { id: number } }>(
    request,
    token,
    '/sv/api/ventas/generarCompra',
    {
      carrito: [{ producto: { id: producto?.id }, cantidad: 1 }],
      medioPago: { id: 3 },
      tipoEnvio: { id: 1 },
      direccionEnvio: 'Belgrano 456, Mendoza (5500)',
    },
  );
  const { pedido } = await apiPost<{ pedido: { id: number } }>(request, token, '/sv/api/consulta/grabar', {
    mensaje: '¿Cuándo sale mi pedido?',
    tipoProblema: 4,
    esDeCompra: true,
    compra: compra.id,
  });

  await loginViaApi(request, page, ADMIN.username, ADMIN.password);
  await page.goto('/admin/equipos');
  await expect(page.getByRole('heading', { name: 'Equipos' })).toBeVisible();

  // Three devices from a name pattern, with printable labels.
  const patron = `Placa ${uniqueUsername('op')} {n}`;
  await page.getByRole('button', { name: 'Crear equipos' }).click();
  const create = page.getByRole('dialog', { name: 'Crear equipos' });
  await create.getByLabel('Nombre').fill(patron);
  await create.getByLabel('Cantidad').fill('3');
  await create.getByLabel('Firmware (opcional)').fill('nexo-2.0.1');
  await create.getByRole('button', { name: 'Crear' }).click();
  const labels = page.getByRole('dialog', { name: 'Etiquetas (3)' });
  await expect(labels.getByRole('group', { name: /^Etiqueta de / })).toHaveCount(3);
  await expect(labels.getByRole('img', { name: /^QR de / })).toHaveCount(3);
  // New inventory devices carry their single-use claim code (the QR opens the claim link).
  await expect(
    labels.getByText(/^Código para reclamar: [A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/).first(),
  ).toBeVisible();
  await labels.getByRole('button', { name: 'Cerrar' }).click();

  const first = patron.replace('{n}', '1');
  await page.getByLabel('Buscar').fill(patron.replace(' {n}', ''));
  await expect(page.getByRole('row', { name: /Inventario/ })).toHaveCount(3);
  const row = page.getByRole('row', { name: new RegExp(first) });
  // The firmware column shows the version the board reports (none yet), not the typed note.
  await expect(row).not.toContainText('nexo-2.0.1');
  await expect(row).toContainText('Desconectado');
  await row.getByRole('button', { name: `Firmware de ${first}` }).click();
  const firmware = page.getByRole('dialog', { name: `Firmware de ${first}` });
  await firmware.getByLabel('Firmware').fill('nexo-2.0.2');
  await firmware.getByRole('button', { name: 'Guardar' }).click();
  await expect(firmware).toBeHidden();
  // The note is kept beside the version the board reports (which the column shows).
  await row.getByRole('button', { name: `Firmware de ${first}` }).click();
  await expect(firmware.getByLabel('Firmware')).toHaveValue('nexo-2.0.2');
  await page.keyboard.press('Escape');
  await expect(firmware).toBeHidden();

  // One goes to the customer with their purchase.
  await row.getByRole('button', { name: `Asignar ${first}` }).click();
  const assign = page.getByRole('dialog', { name: `Asignar ${first}` });
  await assign.getByRole('tab', { name: 'A una compra' }).click();
  await assign.getByLabel('Número de compra').fill(String(compra.id));
  await assign.getByRole('button', { name: 'Asignar' }).click();
  await expect(page.getByText(`${first} asignado`)).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(first) })).toContainText(customer.username);
  await page.getByRole('button', { name: `Historial de ${first}` }).click();
  const history = page.getByRole('dialog', { name: `Historial de cambios: ${first}` });
  await expect(history.getByText('Asignado')).toBeVisible();
  await expect(history.getByText('Creado en el inventario')).toBeVisible();
  await page.keyboard.press('Escape');

  // The transfer arrived: confirm it, then ship it.
  await page.getByRole('link', { name: 'Compras' }).click();
  await page.getByRole('button', { name: `Confirmar pago de la compra #${compra.id}` }).click();
  await page
    .getByRole('dialog', { name: `Confirmar pago #${compra.id}` })
    .getByRole('button', { name: 'Confirmar pago' })
    .click();
  await expect(page.getByText(`Pago de la compra #${compra.id} confirmado`)).toBeVisible();
  await page.getByRole('button', { name: `Enviar la compra #${compra.id}` }).click();
  const ship = page.getByRole('dialog', { name: `Marcar como enviada #${compra.id}` });
  await ship.getByLabel('Número de seguimiento').fill('CP987654321AR');
  await ship.getByRole('button', { name: 'Marcar enviada' }).click();
  await expect(page.getByText(`Compra #${compra.id} enviada`)).toBeVisible();
  await page.getByRole('button', { name: `Historial de la compra #${compra.id}` }).click();
  const purchaseHistory = page.getByRole('dialog', { name: `Historial de cambios: compra #${compra.id}` });
  await expect(purchaseHistory.getByText('Pago confirmado')).toBeVisible();
  await expect(purchaseHistory.getByText('Equipo asignado')).toBeVisible();
  await page.keyboard.press('Escape');

  // And the customer's question gets its answer.
  await page.getByRole('link', { name: 'Consultas' }).click();
  await page
    .getByRole('row', { name: new RegExp(customer.username) })
    .getByRole('button', { name: `Abrir chat #${pedido.id}` })
    .click();
  const chat = page.getByRole('dialog', { name: `Consulta #${pedido.id}` });
  await chat.getByLabel('Escribí un mensaje').fill('Ya salió: el seguimiento es CP987654321AR');
  await chat.getByRole('button', { name: 'Enviar' }).click();
  await expect(
    chat.getByRole('listitem', { name: 'Vos: Ya salió: el seguimiento es CP987654321AR' }),
  ).toBeVisible();

  // The customer sees their device, the purchase with its tracking number and the answer.
  const mine = await request.get('/sv/api/ventas/traerMisCompras', {
    headers: { authorization: `Bearer ${token}` },
  });
  const [bought] = (await mine.json()).compras as Array<{
    id: number;
    numeroSeguimiento: string;
    equipos: Array<{ nombre: string }>;
    mensajeEstado: string;
  }>;
  expect(bought).toMatchObject({
    id: compra.id,
    numeroSeguimiento: 'CP987654321AR',
    mensajeEstado: mensajes.compraEnViaje,
    equipos: [{ nombre: first }],
  });
  const devices = await request.get('/sv/api/equipo/pu', { headers: { authorization: `Bearer ${token}` } });
  expect(((await devices.json()).equipos as Array<{ nombre: string }>).map((d) => d.nombre)).toContain(first);
});

test('un usuario sin rol de administrador no entra al área de administración', async ({ page, request }) => {
  const user = await registerUserViaApi(request, uniqueUsername('curioso'));
  await loginViaApi(request, page, user.username, user.password);
  await page.goto('/admin/equipos');
  await expect(page).not.toHaveURL(/\/admin\//);
});
