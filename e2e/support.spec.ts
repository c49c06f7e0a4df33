import { mensajes } from '@nexo/contracts';
import { expect, test } from '@playwright/test';
import { ADMIN, loginViaApi, registerUserViaApi, uniqueUsername } from './helpers';

/**
 * Support queries: B opens one from /perfil/misConsultas, the admin answers it from
 * /admin/consultas, and B sees the answer live in the floating chat, then cancels it.
 */
test.describe('consultas de soporte', () => {
  test('B abre una consulta, el administrador responde y B ve la respuesta en vivo en el chat', async ({
    page,
    request,
    browser,
  }) => {
    const b = await registerUserViaApi(request, uniqueUsername('cliente'));
    const pregunta = `Mi equipo no se conecta desde ayer (${b.username})`;
    await loginViaApi(request, page, b.username, b.password);
    await page.goto('/perfil/misConsultas');
    await expect(page.getByRole('heading', { name: 'Mis consultas' })).toBeVisible();

    // The form checks its fields before sending anything.
    await page.getByRole('button', { name: 'Nueva Consulta' }).click();
    const form = page.getByRole('dialog', { name: 'Nueva Consulta' });
    await form.getByRole('button', { name: 'Enviar' }).click();
    await expect(form.getByText('Requerido')).toHaveCount(2);
    await form.getByLabel('Mensaje').fill('x');
    await form.getByRole('button', { name: 'Enviar' }).click();
    await expect(form.getByText('Muy corto')).toBeVisible();

    await form.getByRole('combobox', { name: 'Tipo problema' }).click();
    await page.getByRole('option', { name: 'Equipos y sensores' }).click();
    await form.getByLabel('Mensaje').fill(pregunta);
    await form.getByRole('button', { name: 'Enviar' }).click();
    await expect(page.getByText(mensajes.consultaGenerada)).toBeVisible();
    await expect(form).toBeHidden();

    // The table lists it and its chat opens with the first message.
    const row = page.getByRole('row', { name: new RegExp(b.username) });
    await expect(row).toContainText('Abierta');
    await expect(row).toContainText('Equipos y sensores');
    const chatB = page.getByRole('dialog', { name: /^Consulta #\d+$/ });
    await expect(chatB.getByRole('listitem', { name: `Vos: ${pregunta}` })).toBeVisible();
    const title = (await chatB.getAttribute('aria-label')) ?? '';
    const id = Number(title.replace('Consulta #', ''));
    expect(id).toBeGreaterThan(0);

    // The admin sees it in the queue and answers from the chat window.
    const adminContext = await browser.newContext();
    const adminPage = await adminContext.newPage();
    await loginViaApi(request, adminPage, ADMIN.username, ADMIN.password);
    await adminPage.goto('/admin/consultas');
    await expect(adminPage.getByRole('heading', { name: 'Consultas' })).toBeVisible();
    const adminRow = adminPage.getByRole('row', { name: new RegExp(b.username) });
    await expect(adminRow).toContainText(b.username);
    await adminRow.getByRole('button', { name: `Abrir chat #${id}` }).click();
    const chatAdmin = adminPage.getByRole('dialog', { name: `Consulta #${id}` });
    await expect(chatAdmin.getByRole('listitem', { name: `${b.username}: ${pregunta}` })).toBeVisible();
    await chatAdmin.getByLabel('Escribí un mensaje').fill('Probá reiniciar el router, por favor');
    await chatAdmin.getByRole('button', { name: 'Enviar' }).click();
    await expect(
      chatAdmin.getByRole('listitem', { name: 'Vos: Probá reiniciar el router, por favor' }),
    ).toBeVisible();

    // B sees the answer live, without reloading, and the state changes to Respondida.
    await expect(
      chatB.getByRole('listitem', { name: 'Soporte: Probá reiniciar el router, por favor' }),
    ).toBeVisible();
    await expect(chatB.getByText('Respondida')).toBeVisible();
    await expect(row).toContainText('Respondida');

    // B answers back: the admin's open chat shows it live.
    await chatB.getByLabel('Escribí un mensaje').fill('Listo, ya anda');
    await chatB.getByLabel('Escribí un mensaje').press('Enter');
    await expect(chatAdmin.getByRole('listitem', { name: `${b.username}: Listo, ya anda` })).toBeVisible();

    // B cancels it from the table (the chat window, minimized, leaves the actions free): the
    // input disappears on both sides.
    await chatB.getByRole('button', { name: 'Minimizar chat' }).click();
    await expect(chatB.getByRole('list', { name: 'Mensajes' })).toBeHidden();
    await row.getByRole('button', { name: `Cancelar consulta #${id}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancelar consulta' });
    await confirm.getByRole('button', { name: 'Cancelar consulta' }).click();
    await expect(page.getByText(mensajes.consultaCancelada)).toBeVisible();
    await expect(row).toContainText('Cancelada');
    await chatB.getByRole('button', { name: 'Minimizar chat' }).click();
    await expect(chatB.getByText(mensajes.chatConsultaCerrada)).toBeVisible();
    await expect(chatB.getByLabel('Escribí un mensaje')).toHaveCount(0);
    await expect(chatAdmin.getByText(mensajes.chatConsultaCerrada)).toBeVisible();
    await expect(chatAdmin.getByLabel('Escribí un mensaje')).toHaveCount(0);

    await adminContext.close();
  });

  test('el id de una consulta ajena no abre nada de ella', async ({ page, request }) => {
    const owner = await registerUserViaApi(request, uniqueUsername('duenio'));
    const ownerSession = await loginViaApi(request, page, owner.username, owner.password);
    const created = await request.post('/sv/api/consulta/grabar', {
      data: { mensaje: 'Dato privado del dueño', tipoProblema: 6 },
      headers: { authorization: `Bearer ${ownerSession.access_token}` },
    });
    const id = (await created.json()).pedido.id as number;

    const other = await registerUserViaApi(request, uniqueUsername('otro'));
    const context = await page.context().browser()?.newContext();
    if (!context) throw new Error('no browser');
    const otherPage = await context.newPage();
    await loginViaApi(request, otherPage, other.username, other.password);
    await otherPage.goto(`/perfil/misConsultas?id=${id}`);
    const chat = otherPage.getByRole('dialog', { name: `Consulta #${id}` });
    await expect(chat.getByText(mensajes.consultaNoEncontrada)).toBeVisible();
    await expect(otherPage.getByText('Dato privado del dueño')).toHaveCount(0);
    await context.close();
  });
});
