import { expect, test } from '@playwright/test';

test('la aplicación carga en una ruta profunda', async ({ page }) => {
  await page.goto('/home/listaEquipo?id=3');
  await expect(page).toHaveTitle(/Nexo/);
});
