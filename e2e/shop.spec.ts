import { mensajes } from '@nexo/contracts';
import { expect, test } from '@playwright/test';
import { ADMIN, loginViaApi, loginViaUi, registerUserViaApi, uniqueUsername } from './helpers';

/**
 * The shop on its sandbox gateways (no provider credentials): a licence bought by card with the
 * badge and limits changing live, and a product bought by transfer that an admin confirms and ships
 * while the buyer watches each state.
 */
test.describe('tienda', () => {
  test('compra un plan de 3 meses con tarjeta: la licencia cambia en vivo y la compra aparece con su pago', async ({
    page,
    request,
  }) => {
    const user = await registerUserViaApi(request, uniqueUsername('comprador'));
    await loginViaApi(request, page, user.username, user.password);
    await page.goto('/tienda/suscripcion');
    await expect(page.getByRole('heading', { name: 'Suscripciones' })).toBeVisible();
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
    await expect(page.getByText(mensajes.sinStock).first()).toBeVisible();
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
    await expect(row).toContainText('Enviada');
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
