import { mensajes } from '@nexo/contracts';
import { expect, test } from '@playwright/test';
import {
  ADMIN,
  ensurePaymentDetails,
  expireReservation,
  latestMailText,
  loginViaApi,
  loginViaUi,
  registerUserViaApi,
  uniqueUsername,
} from './helpers';

/**
 * The shop on its sandbox gateways (no provider credentials): a licence bought by card with the
 * badge and limits changing live, and a product bought by transfer that an admin confirms and ships
 * while the buyer watches each state.
 */
test.describe('tienda', () => {
  // A shared machine under load renders the first page of a fresh server slowly.
  test.describe.configure({ timeout: 150_000 });
  // Transfer and paying at the shop are offered only with the admin's details.
  test.beforeAll(() => ensurePaymentDetails());

  test('compra un plan de 3 meses con tarjeta: la licencia cambia en vivo y la compra aparece con su pago', async ({
    page,
    request,
  }) => {
    const user = await registerUserViaApi(request, uniqueUsername('comprador'));
    await loginViaApi(request, page, user.username, user.password);
    await page.goto('/tienda/suscripcion');
    await expect(page.getByRole('heading', { name: 'Suscripciones' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(mensajes.modoPrueba).first()).toBeVisible();
    const badge = page.getByRole('button', { name: 'Licencia activa de prueba' });
    await expect(badge).toBeVisible();

    await page.getByRole('button', { name: 'Contratar Full' }).click();
    const wizard = page.getByRole('dialog', { name: /Contratar Full/ });
    await wizard.getByRole('button', { name: 'Siguiente' }).click();
    // The period is required before the payment step.
    await wizard.getByRole('button', { name: 'Siguiente' }).click();
    await expect(wizard.getByText(mensajes.periodoRequerido)).toBeVisible();
    await wizard.getByRole('radio', { name: /Trimestral/ }).check();
    await expect(wizard.getByText('$56.700 trimestrales')).toBeVisible();
    await expect(wizard.getByText('$18.900 por mes')).toBeVisible();
    await wizard.getByRole('button', { name: 'Siguiente' }).click();

    // A number the gateway does not know: the card lookup fails with the spec's text.
    await wizard.getByLabel('Número de tarjeta').fill('4111111111111111');
    await wizard.getByLabel('Nombre del titular').fill('APRO');
    await wizard.getByLabel('Mes de vencimiento').fill('11');
    await wizard.getByLabel('Año de vencimiento').fill('2030');
    await wizard.getByLabel('Código de seguridad').fill('123');
    await wizard.getByLabel('Número de documento').fill('12345678');
    await wizard.getByRole('button', { name: 'Pagar' }).click();
    await expect(wizard.getByText(mensajes.tarjetaNoEncontrada)).toBeVisible();

    await wizard.getByLabel('Número de tarjeta').fill('5031 7557 3453 0604');
    await wizard.getByRole('button', { name: 'Pagar' }).click();
    await expect(wizard.getByText('¡Listo! Tu licencia está activa')).toBeVisible();

    // The badge and the limits change without reloading.
    await wizard.getByRole('button', { name: 'Ver mis compras' }).click();
    await expect(page.getByRole('button', { name: 'Licencia activa', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Licencia activa', exact: true }).click();
    const licence = page.getByRole('dialog', { name: 'Licencia' });
    await expect(licence.getByText('Suscripción Full')).toBeVisible();
    await expect(licence.getByText('0 / 30')).toBeVisible();
    await licence.getByRole('button', { name: 'Cerrar' }).click();

    await expect(page.getByRole('heading', { name: 'Mis compras' })).toBeVisible();
    const row = page.getByRole('row', { name: /Licencia Trimestral/ });
    await expect(row).toContainText('Activada');
    await expect(row).toContainText('$56.700 trimestrales');
    await row.getByRole('button', { name: /Ver detalle de la compra/ }).click();
    await expect(page.getByText(/MercadoPago \(modo de prueba\) · \$56\.700/)).toBeVisible();
    await expect(page.getByText(/Licencia vigente hasta el/)).toBeVisible();
  });

  test('compra un producto por transferencia; el administrador confirma y envía, y el comprador ve cada estado', async ({
    page,
    request,
    browser,
  }) => {
    const user = await registerUserViaApi(request, uniqueUsername('cliente'));
    await loginViaApi(request, page, user.username, user.password);
    await page.goto('/tienda/productos');
    await expect(page.getByText(mensajes.sinStock).first()).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Sensores' }).click();
    await page.getByLabel('Cantidad de Sensor de temperatura y humedad').fill('2');
    await page.getByRole('button', { name: 'Agregar Sensor de temperatura y humedad al carrito' }).click();

    await page.getByRole('tab', { name: /Carrito/ }).click();
    await expect(page.getByText('Total: $13.600')).toBeVisible();
    await page.getByLabel('Cantidad de Sensor de temperatura y humedad').fill('9999');
    await expect(page.getByText(/No puede superar el stock disponible \d+/)).toBeVisible();
    await page.getByLabel('Cantidad de Sensor de temperatura y humedad').fill('2');
    await page.getByRole('button', { name: 'Continuar' }).click();

    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByText(mensajes.requerido)).toHaveCount(2);
    await page.getByRole('radio', { name: 'Transferencia bancaria' }).check();
    await page.getByRole('radio', { name: 'Correo' }).check();
    await page.getByLabel('Dirección de envío').fill('San Martín 1234, Rosario (2000)');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByText('Revisá tu compra')).toBeVisible();
    await page.getByRole('button', { name: 'Confirmar compra' }).click();

    await expect(page.getByText(mensajes.compraEsperaTransferencia)).toBeVisible();
    const heading = page.getByRole('heading', { name: /Compra #\d+/ });
    const id = Number(((await heading.textContent()) ?? '').replace(/\D/g, ''));
    expect(id).toBeGreaterThan(0);

    // The admin confirms the transfer and ships it, from another browser.
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await loginViaApi(request, admin, ADMIN.username, ADMIN.password);
    await admin.goto('/admin/compras');
    await expect(admin.getByRole('button', { name: `Confirmar pago de la compra #${id}` })).toBeVisible({
      timeout: 30_000,
    });
    await admin.getByRole('button', { name: `Confirmar pago de la compra #${id}` }).click();
    const confirm = admin.getByRole('dialog', { name: `Confirmar pago #${id}` });
    await confirm.getByLabel('Monto final recibido').fill('13500');
    await confirm.getByRole('button', { name: 'Confirmar pago' }).click();
    await expect(admin.getByText(`Pago de la compra #${id} confirmado`)).toBeVisible();

    // The buyer's page follows without reloading.
    await expect(page.getByText(mensajes.compraPreparando)).toBeVisible();

    await admin.getByRole('button', { name: `Enviar la compra #${id}` }).click();
    const ship = admin.getByRole('dialog', { name: `Marcar como enviada #${id}` });
    await ship.getByLabel('Número de seguimiento').fill('CP123456789AR');
    await ship.getByRole('button', { name: 'Marcar enviada' }).click();
    await expect(admin.getByText(`Compra #${id} enviada`)).toBeVisible();

    await expect(page.getByText(mensajes.compraEnViaje)).toBeVisible();
    await expect(page.getByText('CP123456789AR')).toBeVisible();
    await adminContext.close();

    // Mis compras keeps the whole story.
    await page.goto('/tienda/misCompras');
    const row = page.getByRole('row', { name: /Producto/ }).first();
    await expect(row).toContainText('Enviada', { timeout: 30_000 });
    await row.getByRole('button', { name: `Ver detalle de la compra #${id}` }).click();
    await expect(page.getByText(/Transferencia · \$13\.600 \(recibido \$13\.500\)/)).toBeVisible();
    await expect(page.getByText('Enviada por correo, seguimiento CP123456789AR')).toBeVisible();
  });

  test('un visitante sin sesión llena el carrito, ingresa desde el modal de usuario nuevo y sigue con su compra', async ({
    page,
    request,
  }) => {
    const user = await registerUserViaApi(request, uniqueUsername('visitante'));
    await page.goto('/tienda/productos');
    await page.getByRole('button', { name: 'Agregar Placa Nexo Mini al carrito' }).click();
    await page.goto('/tienda/carrito');
    await expect(page.getByText('Total: $14.500')).toBeVisible();
    await page.getByRole('button', { name: 'Continuar' }).click();
    const modal = page.getByRole('dialog', { name: 'Para comprar necesitás una cuenta' });
    await modal.getByRole('button', { name: 'Ingresar' }).click();
    await loginViaUi(page, user.username, user.password);
    await expect(page).toHaveURL(/\/tienda\/carrito/);
    await expect(page.getByText('Placa Nexo Mini')).toBeVisible();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByText('Medio de pago')).toBeVisible();
  });
});

/**
 * Checkout by transfer on a phone: the admin keeps the account in /admin/catalogo, the buyer sees it
 * with the exact amount and the reference at the end of the cart, copies the CBU, and gets the
 * same details by mail and in Mis compras. An unpaid order gives its stock back when its
 * reservation ends; the cart follows the account to another browser.
 */
test.describe('tienda: pagar por transferencia, reservas y carrito de la cuenta', () => {
  test.use({ viewport: { width: 390, height: 844 }, permissions: ['clipboard-read', 'clipboard-write'] });
  test.describe.configure({ timeout: 150_000 });
  test.beforeAll(() => ensurePaymentDetails());

  test('el administrador carga la cuenta y el comprador, a 390 px, copia el CBU al final del carrito', async ({
    page,
    request,
    browser,
  }) => {
    const cbu = `28505909400${String(Date.now()).slice(-11)}`;
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await loginViaApi(request, admin, ADMIN.username, ADMIN.password);
    await admin.goto('/admin/catalogo');
    await admin.getByRole('tab', { name: 'Datos de pago' }).click({ timeout: 30_000 });
    const cbuField = admin.getByLabel('CBU/CVU', { exact: true });
    await expect(cbuField).not.toHaveValue('', { timeout: 30_000 });
    await cbuField.fill(cbu);
    await admin.getByLabel('Titular', { exact: false }).first().fill('Tienda Nexo S.A.');
    await admin.getByRole('button', { name: 'Guardar datos de pago' }).click();
    await expect(admin.getByText('Datos de pago guardados')).toBeVisible();
    await adminContext.close();

    const user = await registerUserViaApi(request, uniqueUsername('transfiere'));
    await loginViaApi(request, page, user.username, user.password);
    await page.goto('/tienda/productos');
    await page
      .getByRole('button', { name: 'Agregar Módulo relé 2 canales al carrito' })
      .click({ timeout: 30_000 });
    await page.goto('/tienda/carrito');
    await expect(page.getByText('Total: $4.300')).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('radio', { name: 'Transferencia bancaria' }).check();
    await page.getByRole('radio', { name: 'Retiro por local' }).check();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('button', { name: 'Confirmar compra' }).click();

    const heading = page.getByRole('heading', { name: /Compra #\d+/ });
    await expect(heading).toBeVisible({ timeout: 30_000 });
    const id = Number(((await heading.textContent()) ?? '').replace(/\D/g, ''));
    const howTo = page.getByRole('region', { name: 'Cómo pagar' });
    await expect(howTo.getByText('Tienda Nexo S.A.')).toBeVisible();
    await expect(howTo.getByText(cbu)).toBeVisible();
    await expect(howTo.getByText('$4.300')).toBeVisible();
    await expect(howTo.getByText(`Compra #${id}`)).toBeVisible();
    await expect(
      howTo.getByText(/Reservamos las unidades hasta el \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/),
    ).toBeVisible();
    await howTo.getByRole('button', { name: 'Copiar CBU/CVU' }).click();
    await expect(page.getByText(mensajes.copiado)).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(cbu);
    await howTo.getByRole('button', { name: 'Copiar Importe exacto' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('4300');

    // The same details by mail and in Mis compras.
    await expect.poll(() => latestMailText(user.mail)).toContain(`CBU/CVU: ${cbu}`);
    expect(latestMailText(user.mail)).toContain('Importe exacto: $4.300');
    await page.goto('/tienda/misCompras');
    await page.getByRole('button', { name: `Ver detalle de la compra #${id}` }).click({ timeout: 30_000 });
    await expect(page.getByRole('region', { name: 'Cómo pagar' }).getByText(cbu)).toBeVisible();
  });

  test('el asistente de un plan, a 390 px: pagar por transferencia termina con la cuenta, el importe y la referencia', async ({
    page,
    request,
  }) => {
    const user = await registerUserViaApi(request, uniqueUsername('plantransf'));
    await loginViaApi(request, page, user.username, user.password);
    await page.goto('/tienda/suscripcion');
    await page
      .getByRole('button', { name: /^Contratar / })
      .first()
      .click({ timeout: 30_000 });
    const wizard = page.getByRole('dialog', { name: /^Contratar / });
    await wizard.getByRole('radio', { name: 'Transferencia bancaria' }).check();
    await wizard.getByRole('button', { name: 'Siguiente' }).click();
    await wizard.getByRole('radio', { name: /^Mensual/ }).check();
    await wizard.getByRole('button', { name: 'Siguiente' }).click();
    await expect(wizard.getByText(/Al confirmar, la compra queda en espera/)).toBeVisible();
    await wizard.getByRole('button', { name: 'Confirmar' }).click();

    const howTo = wizard.getByRole('region', { name: 'Cómo pagar' });
    await expect(howTo).toBeVisible({ timeout: 30_000 });
    const id = Number(
      (
        (await wizard
          .getByText(/^Compra #\d+$/)
          .first()
          .textContent()) ?? ''
      ).replace(/\D/g, ''),
    );
    expect(id).toBeGreaterThan(0);
    await expect(howTo.getByText('Datos para la transferencia')).toBeVisible();
    await expect(howTo.getByText(`Compra #${id}`)).toBeVisible();
    await howTo.getByRole('button', { name: 'Copiar CBU/CVU' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(/^\d{22}$/);
    await howTo.getByRole('button', { name: 'Copiar Importe exacto' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(/^\d+(,\d{2})?$/);
    // Every button of the last step is on the phone's screen.
    for (const button of await wizard.getByRole('button').all()) {
      const box = await button.boundingBox();
      if (box) expect(box.x + box.width, await button.textContent()).toBeLessThanOrEqual(391);
    }
  });

  test('una compra sin pagar se cancela al vencer la reserva y el stock vuelve', async ({
    page,
    request,
  }) => {
    const user = await registerUserViaApi(request, uniqueUsername('vence'));
    const session = await loginViaApi(request, page, user.username, user.password);
    const catalogo = async () =>
      (await (await request.get('/sv/ventas/traerProductos')).json()).productos as Array<{
        id: number;
        nombre: string;
        stock: number;
      }>;
    const stockDe = async () => (await catalogo()).find((p) => p.nombre === 'Fuente 5 V 2 A')?.stock ?? -1;
    const fuente = (await catalogo()).find((p) => p.nombre === 'Fuente 5 V 2 A');
    const before = await stockDe();
    const created = await request.post('/sv/api/ventas/generarCompra', {
      headers: { authorization: `Bearer ${session.access_token}` },
      data: {
        carrito: [{ producto: { id: fuente?.id }, cantidad: 2 }],
        medioPago: { id: 1 },
        tipoEnvio: { id: 2 },
      },
    });
    expect(created.ok(), await created.text()).toBeTruthy();
    const compra = (await created.json()).compra as { id: number };
    expect(await stockDe()).toBe(before - 2);

    await page.goto('/tienda/misCompras');
    await expect(page.getByRole('button', { name: `Ver detalle de la compra #${compra.id}` })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByText('En espera').first()).toBeVisible();

    // The reservation ends: the server's scheduler cancels it; the buyer's page follows live.
    expireReservation(compra.id);
    await expect(page.getByText('Cancelada').first()).toBeVisible({ timeout: 30_000 });
    await expect.poll(stockDe).toBe(before);
    await page.getByRole('button', { name: `Ver detalle de la compra #${compra.id}` }).click();
    await expect(
      page.getByText(/Cancelada: no se recibió el pago dentro de las \d+ h de reserva/),
    ).toBeVisible();
    await page
      .getByRole('button', { name: /^Notificaciones/ })
      .first()
      .click();
    await expect(page.getByText(`Tu compra #${compra.id} se canceló`, { exact: false })).toBeVisible();
  });

  test('el carrito sigue al usuario a otro navegador y el carrito anónimo se suma al ingresar, con tope de stock', async ({
    page,
    request,
    browser,
  }) => {
    const user = await registerUserViaApi(request, uniqueUsername('carrito'));
    await loginViaApi(request, page, user.username, user.password);
    await page.goto('/tienda/productos');
    const productos = (await (await request.get('/sv/ventas/traerProductos')).json()).productos as Array<{
      nombre: string;
      stock: number;
    }>;
    const stock = productos.find((p) => p.nombre === 'Sensor de nivel ultrasónico')?.stock ?? 0;
    expect(stock).toBeGreaterThan(1);
    await page.getByLabel('Cantidad de Sensor de nivel ultrasónico').fill(String(stock), { timeout: 30_000 });
    await page.getByRole('button', { name: 'Agregar Sensor de nivel ultrasónico al carrito' }).click();
    await page.getByRole('button', { name: 'Agregar Placa Nexo Mini al carrito' }).click();
    await page.goto('/tienda/carrito');
    await expect(page.getByText('Placa Nexo Mini')).toBeVisible({ timeout: 30_000 });

    // Another browser: anonymous first, one more unit of the same sensor; then the user logs in.
    const other = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const second = await other.newPage();
    await second.goto('/tienda/productos');
    await second
      .getByRole('button', { name: 'Agregar Sensor de nivel ultrasónico al carrito' })
      .click({ timeout: 30_000 });
    await loginViaUi(second, user.username, user.password);
    await second.goto('/tienda/carrito');
    await expect(second.getByText('Placa Nexo Mini')).toBeVisible({ timeout: 30_000 });
    await expect(second.getByLabel('Cantidad de Sensor de nivel ultrasónico')).toHaveValue(String(stock));
    await expect(second.getByText(`quedan ${stock} en stock`)).toBeVisible();
    await other.close();
  });
});
