import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import {
  ADMIN,
  apiPost,
  deviceSecret,
  ensurePaymentDetails,
  layoutProblems,
  loginViaApi,
  registerUserViaApi,
  solveCaptcha,
  uniqueUsername,
  updateLicence,
} from './helpers';

/**
 * Every screen of both spec documents and the admin area, logged in with the role that reaches it,
 * at 1280 and 390 px, in light and dark (issue 25):
 *  - axe-core finds no violation of any impact (exceptions only with a written reason, below);
 *  - at 390 px the page never scrolls sideways and no control lies outside the screen;
 *  - at both widths, once scrolled to the end, the support bubble covers no control.
 * One login per role; pages change through the app's router (no reload), the theme through the
 * app's own switch. The modes share the DOM, so at each width the second mode runs only the
 * colour rules (the layout checks, too, run once per width).
 * E2E_SCREENSHOTS=1 also writes each table's screenshot to docs/screenshots/tables/.
 */

interface Screen {
  name: string;
  path: string;
  /** Visible once the screen shows its data. */
  ready: (page: Page) => Locator;
  /** A tab or dialog to open after the route loads; `close` undoes it before the next screen. */
  open?: (page: Page) => Promise<void>;
  close?: (page: Page) => Promise<void>;
  /** Screenshot name for docs/screenshots/tables/ (screens that show a table). */
  table?: string;
}

const WIDTHS = [
  { width: 1280, height: 800, label: 'escritorio' },
  { width: 390, height: 844, label: 'movil' },
] as const;

/**
 * Rules left out, each with its reason. Keep this empty unless a finding is a false positive that
 * cannot be fixed in the app.
 */
const AXE_EXCEPTIONS: { rule: string; reason: string }[] = [];

/** Navigates inside the single-page app (as a link click does), without reloading it. */
async function go(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

let settleCalls = 0;

/**
 * Waits until no CSS transition or animation is running (dialogs, collapses, tabs), on three
 * animation frames in a row: a transition that a state change starts (a button enabled once its
 * data arrives) shows up only on the frame after the change.
 */
async function settled(page: Page) {
  settleCalls += 1;
  await page.waitForFunction((call) => {
    const quiet = document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity);
    const state = window as unknown as { nexoSettle?: { call: number; quietFrames: number } };
    if (state.nexoSettle?.call !== call) state.nexoSettle = { call, quietFrames: 0 };
    state.nexoSettle.quietFrames = quiet ? state.nexoSettle.quietFrames + 1 : 0;
    return state.nexoSettle.quietFrames >= 3;
  }, settleCalls);
}

/**
 * Light and dark differ only in colours (the same DOM, other CSS), so the first mode at each width
 * runs every rule and the second the rules that read colours.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

async function axeProblems(page: Page, where: string, colourOnly: boolean): Promise<string[]> {
  let builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  if (colourOnly) builder = builder.withRules(COLOUR_RULES);
  const exceptions = AXE_EXCEPTIONS.map((e) => e.rule);
  if (exceptions.length > 0) builder = builder.disableRules(exceptions);
  const result = await builder.analyze();
  return result.violations.map(
    (v) =>
      `${where}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes
        .slice(0, 4)
        .map((n) => n.target.join(' '))
        .join(' | ')}`,
  );
}

type Mode = 'light' | 'dark';

async function currentMode(page: Page): Promise<Mode> {
  return (await page.locator('html').getAttribute('data-theme')) === 'dark' ? 'dark' : 'light';
}

/** Switches light/dark with the app's own control (the top bar's, or the user menu's on a phone). */
async function toggleTheme(page: Page) {
  const before = await currentMode(page);
  // The top bar shows the switch from `md` (900 px) up, the user menu below. Chosen by the width,
  // not by what is visible this instant: a dialog closing still hides the page from the
  // accessibility tree for the length of its transition.
  if ((page.viewportSize()?.width ?? 0) >= 900) {
    await page.getByRole('button', { name: /^Modo (oscuro|claro)$/ }).click({ timeout: 15_000 });
  } else {
    // Bounded: the sweep's own timeout is 15 minutes, and a missing menu must fail, not wait it out.
    await page.getByRole('button', { name: /Menú de usuario/ }).click({ timeout: 15_000 });
    await page.getByRole('menuitem', { name: /Modo oscuro/ }).click({ timeout: 15_000 });
    await page.keyboard.press('Escape');
  }
  await expect(page.locator('html')).toHaveAttribute('data-theme', before === 'dark' ? 'light' : 'dark');
  // The pointer leaves the switch, so its tooltip is not part of the next screen.
  await page.mouse.move(0, 700);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
}

/**
 * Walks the screens in each pass (width and mode): by default 1280 light, 1280 dark, 390 dark,
 * 390 light (three theme switches in all). In each width's second pass only the colour rules run.
 * Returns every problem found.
 */
type Pass = [(typeof WIDTHS)[number], Mode];

/** Every width and mode, in the order that needs the fewest theme switches. */
const ALL_PASSES: Pass[] = [
  [WIDTHS[0], 'light'],
  [WIDTHS[0], 'dark'],
  [WIDTHS[1], 'dark'],
  [WIDTHS[1], 'light'],
];

async function sweep(
  page: Page,
  screens: Screen[],
  setMode: (page: Page, mode: Mode) => Promise<void>,
  passes: Pass[] = ALL_PASSES,
): Promise<string[]> {
  const problems: string[] = [];
  for (const [index, [size, mode]] of passes.entries()) {
    const colourOnly = index % 2 === 1;
    await page.setViewportSize({ width: size.width, height: size.height });
    for (const screen of screens) {
      const where = `${screen.name} (${size.width} px, ${mode === 'dark' ? 'oscuro' : 'claro'})`;
      if ((await currentMode(page)) !== mode) await setMode(page, mode);
      await go(page, screen.path);
      await expect(screen.ready(page), where).toBeVisible({ timeout: 15_000 });
      if (screen.open) await screen.open(page);
      await settled(page);
      if (screen.table && process.env.E2E_SCREENSHOTS && mode === 'light') {
        await page.screenshot({
          path: `docs/screenshots/tables/${screen.table}-${size.label}.png`,
          fullPage: size.width < 600,
        });
      }
      const found = [
        ...(await axeProblems(page, where, colourOnly)),
        ...(colourOnly ? [] : await layoutProblems(page, where, size.width < 600)),
      ];
      // Said at once too, so a run that stops early still tells what it found.
      for (const problem of found) console.log(`✗ ${problem}`);
      problems.push(...found);
      if (screen.close) {
        await screen.close(page);
        // The next screen starts once the dialog has gone, transition included.
        await expect(page.getByRole('dialog'), where).toHaveCount(0);
        await settled(page);
      }
    }
  }
  return problems;
}

const tab = (name: string) => async (page: Page) => {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
};

async function readingsFor(
  request: Parameters<typeof apiPost>[0],
  apikey: string,
  secret: string,
  topic: string,
  values: string[],
  contentType = 'text/plain',
) {
  for (const data of values) {
    const sent = await request.post(`/sv/dispositivo/${apikey}/${topic}`, {
      headers: { 'x-api-secret': secret, 'content-type': contentType },
      data,
    });
    expect(sent.ok(), await sent.text()).toBeTruthy();
  }
}

test.describe('todas las pantallas, en un teléfono y en un escritorio, para todos', () => {
  // A ceiling for a loaded machine; on a quiet one the three sweeps take about three minutes.
  // The sweeps are independent (one user or role each), so they spread over the workers.
  test.describe.configure({ timeout: 900_000, mode: 'parallel' });

  /** A user with data on every screen, logged in on `page`; answers the screens to walk. */
  const userWithData = async (page: Page, request: APIRequestContext): Promise<Screen[]> => {
    // The owner: a Full licence with views and maps, a device with every kind of widget and readings.
    const owner = await registerUserViaApi(request, uniqueUsername('a11y'));
    updateLicence(owner.username, {
      tipo_suscripcion_id: 4,
      permite_vistas: 1,
      permite_mapa: 1,
      cantidad_sensores: 50,
      cantidad_usuarios: 10,
    });
    const token = (await loginViaApi(request, page, owner.username, owner.password)).access_token as string;
    const post = <T>(url: string, data: unknown) => apiPost<T>(request, token, url, data);
    const { equipo } = await post<{ equipo: { id: number; apikey: string; secret?: string } }>(
      '/sv/api/equipo/grabar',
      { nombre: 'Invernadero' },
    );
    const sensor = async (body: object) =>
      (
        await post<{ sensor: { id: number } }>('/sv/api/equipo/agregarSensorDesarrollador', {
          idEquipo: equipo.id,
          calibracion: 0,
          tipoDato: { id: 1 },
          ...body,
        })
      ).sensor.id;
    const temperatura = await sensor({
      labelUsuario: 'Temperatura',
      nombreNexo: 'temperatura',
      tipoSensor: { id: 1 },
      shadows: [
        { nombre: 'Termómetro', tipoWidget: { id: 3 }, valorMinReferencia: -10, valorMaxReferencia: 50 },
        { nombre: 'Gráfico', tipoWidget: { id: 8 }, cantidadHoras: 24 },
      ],
    });
    await sensor({
      labelUsuario: 'Humedad',
      nombreNexo: 'humedad',
      tipoSensor: { id: 2 },
      shadows: [{ nombre: 'Nivel', tipoWidget: { id: 4 }, valorMinReferencia: 0, valorMaxReferencia: 100 }],
    });
    await sensor({
      labelUsuario: 'Luz',
      nombreNexo: 'luz',
      tipoSensor: { id: 7 },
      shadows: [
        { nombre: 'Tacómetro', tipoWidget: { id: 2 }, valorMinReferencia: 0, valorMaxReferencia: 1023 },
      ],
    });
    const riego = await sensor({
      labelUsuario: 'Riego',
      nombreNexo: 'riego',
      tipoSensor: { id: 3 },
      valorEncendido: '1',
      valorApagado: '0',
      shadows: [{ nombre: 'Interruptor', tipoWidget: { id: 1 } }],
    });
    await sensor({
      labelUsuario: 'Lámpara',
      nombreNexo: 'lampara',
      tipoSensor: { id: 4 },
      shadows: [{ nombre: 'Dimmer', tipoWidget: { id: 7 }, valorMinReferencia: 0, valorMaxReferencia: 100 }],
    });
    await sensor({
      labelUsuario: 'Posición',
      nombreNexo: 'gps',
      tipoSensor: { id: 11 },
      tipoDato: { id: 2 },
      variableJson: 'lat',
      variableLongitud: 'lng',
      shadows: [{ nombre: 'Mapa', tipoWidget: { id: 6 }, cantidadHoras: 24 }],
    });
    await sensor({
      labelUsuario: 'Estado',
      nombreNexo: 'estado',
      tipoSensor: { id: 12 },
      shadows: [{ nombre: 'Texto', tipoWidget: { id: 5 } }],
    });
    const secret = await deviceSecret(request, token, equipo);
    await readingsFor(request, equipo.apikey, secret, 'temperatura', [
      '21.5',
      '22',
      '23.25',
      '24',
      '22.5',
      '21',
    ]);
    await readingsFor(request, equipo.apikey, secret, 'humedad', ['55']);
    await readingsFor(request, equipo.apikey, secret, 'luz', ['640']);
    await readingsFor(request, equipo.apikey, secret, 'riego', ['1']);
    await readingsFor(request, equipo.apikey, secret, 'lampara', ['40']);
    await readingsFor(request, equipo.apikey, secret, 'estado', ['Ventilación encendida']);
    await readingsFor(
      request,
      equipo.apikey,
      secret,
      'gps',
      [JSON.stringify({ lat: -34.6037, lng: -58.3816 })],
      'application/json',
    );

    // A view, a collective action (favourite), an event, a program with a run, a query, a purchase.
    const { vista } = await post<{ vista: { id: number } }>('/sv/api/vistas/grabar', {
      nombre: 'Planta',
      sensores: [{ id: temperatura }, { id: riego }],
    });
    const { accion } = await post<{ accion: { id: number } }>('/sv/api/accionesColectivas/grabar', {
      nombre: 'Regar todo',
      tipoAccionColectiva: { id: 2 },
      sensores: [riego],
    });
    await post('/sv/api/toogleFavorito', { id: accion.id, tipo: 1 });
    await post('/sv/api/eventos/grabar', {
      nombre: 'Calor',
      tipoEvento: { id: 1 },
      sensor: { id: temperatura },
      condicion: { id: 1 },
      valor: '30',
      acciones: [{ tipoAccion: { id: 1 }, tiposNotificaciones: [1], minutosEspera: 5 }],
    });
    const { programa } = await post<{ programa: { id: number } }>('/sv/api/programas/grabar', {
      nombre: 'Riego semanal',
    });
    const conTarea = await post<{ programa: { tareas: { id: number }[] } }>(
      '/sv/api/programas/tarea/grabar',
      {
        idPrograma: programa.id,
        nombre: 'Regar el frente',
        duracionDias: 0,
        duracionHoras: 0,
        minutos: 1,
      },
    );
    await post('/sv/api/programas/ejecutar', {
      id: programa.id,
      idTareaComienza: conTarea.programa.tareas[0]?.id,
    });
    await post('/sv/api/consulta/grabar', {
      mensaje: '¿Cómo conecto un segundo equipo?',
      tipoProblema: 1,
      esDeCompra: false,
    });
    const productos = (await (await request.get('/sv/ventas/traerProductos')).json()).productos as Array<{
      id: number;
      stock: number;
    }>;
    const producto = productos.find((p) => p.stock > 1);
    // Transfer is offered only with its details (e2e runs without the demo data).
    ensurePaymentDetails();
    await post('/sv/api/ventas/generarCompra', {
      carrito: [{ producto: { id: producto?.id }, cantidad: 1 }],
      medioPago: { id: 3 },
      tipoEnvio: { id: 2 },
      direccionEnvio: null,
    });
    // One user asks for access (pending) and another was let in (the group's table).
    for (const [prefix, approve] of [
      ['a11ypide', false],
      ['a11yusa', true],
    ] as const) {
      const other = await registerUserViaApi(request, uniqueUsername(prefix));
      const otherLogin = await request.post('/sv/api/login', {
        data: { username: other.username, password: other.password, captcha: await solveCaptcha(request) },
      });
      const otherToken = (await otherLogin.json()).access_token as string;
      const { autorizacion } = await apiPost<{ autorizacion: { id: number } }>(
        request,
        otherToken,
        '/sv/api/equipo/asociar',
        { idEquipo: equipo.id },
      );
      if (approve) await post('/sv/api/grupo/asignarRol', { id: autorizacion.id, idRol: 1 });
    }

    await page.goto('/home/misEquipos');
    await expect(page.getByText('Invernadero').first()).toBeVisible({ timeout: 30_000 });
    // The cart holds a product, added as a visitor does.
    await go(page, '/tienda/productos');
    await page
      .getByRole('button', { name: /^Agregar .* al carrito$/ })
      .first()
      .click();

    const screens: Screen[] = [
      {
        name: 'Mis equipos',
        path: '/home/misEquipos',
        ready: (p) => p.getByRole('heading', { name: /Bienvenido/ }),
      },
      {
        name: 'Dashboard del equipo',
        path: `/home/listaEquipo?id=${equipo.id}`,
        ready: (p) => p.getByRole('group', { name: 'Riego' }),
      },
      {
        name: 'Listado del equipo',
        path: `/home/listaEquipo?id=${equipo.id}`,
        ready: (p) => p.getByRole('tab', { name: 'Listado' }),
        open: tab('Listado'),
        table: 'sensores-equipo',
      },
      {
        name: 'Agregar equipo existente',
        path: `/home/equipoNuevo?id=${equipo.id}`,
        ready: (p) => p.getByRole('dialog'),
        close: (p) => p.keyboard.press('Escape'),
      },
      { name: 'Mis vistas', path: '/home/misVistas', ready: (p) => p.getByText('Planta').first() },
      {
        name: 'Sensores de la vista',
        path: `/home/listaVista?id=${vista.id}`,
        ready: (p) => p.getByRole('tab', { name: 'Sensores' }),
      },
      {
        name: 'Listado de la vista',
        path: `/home/listaVista?id=${vista.id}`,
        ready: (p) => p.getByRole('tab', { name: 'Listado' }),
        open: tab('Listado'),
        table: 'sensores-vista',
      },
      {
        name: 'Dashboard de la vista',
        path: `/home/listaVista?id=${vista.id}`,
        ready: (p) => p.getByRole('tab', { name: 'Dashboard' }),
        open: tab('Dashboard'),
      },
      {
        name: 'Historial (gráfico)',
        path: `/home/infoSensor?id=${temperatura}`,
        ready: (p) => p.getByTestId('history-chart'),
      },
      {
        name: 'Historial (listado)',
        path: `/home/infoSensor?id=${temperatura}`,
        ready: (p) => p.getByRole('tab', { name: 'Listado' }),
        open: tab('Listado'),
        table: 'historial',
      },
      {
        name: 'Firmware',
        path: '/home/firmware',
        // Enabled once the packages have loaded (a Full licence): its colours change as it is.
        ready: (p) => p.getByRole('button', { name: 'Subir paquete', disabled: false }),
      },
      { name: 'Mis acciones', path: '/home/misAcciones', ready: (p) => p.getByText('Regar todo').first() },
      { name: 'Mis eventos', path: '/home/misEventos', ready: (p) => p.getByText('Calor').first() },
      {
        name: 'Mis programas',
        path: '/home/misProgramas',
        ready: (p) => p.getByText('Riego semanal').first(),
      },
      {
        name: 'Programa',
        path: `/home/programa?id=${programa.id}`,
        ready: (p) => p.getByText('Regar el frente').first(),
      },
      {
        name: 'Historial de ejecuciones',
        path: `/home/programa?id=${programa.id}`,
        ready: (p) => p.getByText('Regar el frente').first(),
        open: async (p) => {
          await p.getByRole('button', { name: /Historial de ejecuciones/ }).click();
          await expect(p.getByRole('dialog')).toBeVisible();
        },
        close: (p) => p.keyboard.press('Escape'),
        table: 'ejecuciones',
      },
      { name: 'Mis datos', path: '/perfil/misDatos', ready: (p) => p.getByRole('heading', { level: 1 }) },
      {
        name: 'Mis usuarios',
        path: '/perfil/usuarios',
        ready: (p) => p.getByText(/^a11yusa/).first(),
        table: 'usuarios-y-solicitudes',
      },
      {
        name: 'Mis consultas',
        path: '/perfil/misConsultas',
        ready: (p) => p.getByText('¿Cómo conecto un segundo equipo?').first(),
        table: 'consultas',
      },
      {
        name: 'Suscripciones',
        path: '/tienda/suscripcion',
        ready: (p) => p.getByRole('heading', { level: 1 }),
      },
      { name: 'Productos', path: '/tienda/productos', ready: (p) => p.getByRole('heading', { level: 1 }) },
      {
        name: 'Carrito',
        path: '/tienda/carrito',
        ready: (p) => p.getByRole('button', { name: /^Quitar / }).first(),
        table: 'carrito',
      },
      {
        name: 'Mis compras',
        path: '/tienda/misCompras',
        ready: (p) => p.getByText('Transferencia').first(),
        table: 'mis-compras',
      },
      {
        name: 'Licencia',
        path: '/home/misEquipos',
        ready: (p) => p.getByRole('heading', { name: /Bienvenido/ }),
        open: async (p) => {
          await p
            .getByRole('button', { name: /Licencia/ })
            .filter({ visible: true })
            .first()
            .click();
          await expect(p.getByRole('dialog')).toBeVisible();
        },
        close: (p) => p.keyboard.press('Escape'),
      },
    ];
    return screens;
  };

  // The user's screens are the longest sweep: the desktop and the phone go to separate workers.
  for (const [where, passes] of [
    ['en un escritorio', ALL_PASSES.slice(0, 2)],
    ['en un teléfono', [ALL_PASSES[3], ALL_PASSES[2]]],
  ] as Array<[string, Pass[]]>) {
    test(`las pantallas de un usuario con datos ${where}: sin violaciones de axe ni nada fuera de la pantalla`, async ({
      page,
      request,
    }) => {
      const screens = await userWithData(page, request);
      const problems = await sweep(page, screens, (p) => toggleTheme(p), passes);
      expect(problems, problems.join('\n')).toEqual([]);
    });
  }

  test('las pantallas de administración, con el rol de administrador', async ({ page, request }) => {
    await loginViaApi(request, page, ADMIN.username, ADMIN.password);
    await page.goto('/admin/equipos');
    const screens: Screen[] = [
      {
        name: 'Equipos (admin)',
        path: '/admin/equipos',
        ready: (p) => p.getByRole('heading', { name: 'Equipos' }),
        table: 'admin-equipos',
      },
      {
        name: 'Usuarios (admin)',
        path: '/admin/usuarios',
        ready: (p) => p.getByText(/admin@nexo\.test/).first(),
        table: 'admin-usuarios',
      },
      {
        name: 'Catálogo: productos',
        path: '/admin/catalogo',
        ready: (p) => p.getByRole('tab', { name: 'Productos' }),
        table: 'admin-productos',
      },
      {
        name: 'Catálogo: planes',
        path: '/admin/catalogo',
        ready: (p) => p.getByRole('tab', { name: 'Planes' }),
        open: tab('Planes'),
        table: 'admin-planes',
      },
      {
        name: 'Catálogo: tipos de equipo',
        path: '/admin/catalogo',
        ready: (p) => p.getByRole('tab', { name: 'Tipos de equipo' }),
        open: tab('Tipos de equipo'),
        table: 'admin-tipos',
      },
      {
        name: 'Catálogo: datos de pago',
        path: '/admin/catalogo',
        ready: (p) => p.getByRole('tab', { name: 'Datos de pago' }),
        open: tab('Datos de pago'),
      },
      {
        name: 'Compras (admin)',
        path: '/admin/compras',
        ready: (p) => p.getByRole('heading', { level: 1 }),
        table: 'admin-compras',
      },
      {
        name: 'Consultas (admin)',
        path: '/admin/consultas',
        ready: (p) => p.getByRole('heading', { level: 1 }),
        table: 'admin-consultas',
      },
    ];
    const problems = await sweep(page, screens, (p) => toggleTheme(p));
    expect(problems, problems.join('\n')).toEqual([]);
  });

  test('las pantallas sin sesión: ingreso, registro, el link de un equipo y la tienda', async ({ page }) => {
    await page.goto('/login');
    const screens: Screen[] = [
      { name: 'Ingresar', path: '/login', ready: (p) => p.getByRole('button', { name: 'Ingresar' }) },
      {
        name: 'Registrarme',
        path: '/login',
        ready: (p) => p.getByRole('tab', { name: 'Registrarme' }),
        open: tab('Registrarme'),
      },
      {
        name: 'Link de un equipo sin sesión',
        path: '/home/equipoNuevo?id=1',
        ready: (p) => p.getByText(/debe loguearse/),
      },
      {
        name: 'Productos sin sesión',
        path: '/tienda/productos',
        ready: (p) => p.getByRole('heading', { level: 1 }),
      },
    ];
    // Without a session there is no theme switch: the mode is the one remembered in this browser.
    const problems = await sweep(page, screens, async (p, mode) => {
      await p.evaluate((m) => localStorage.setItem('nexo.tema', m), mode);
      await p.reload();
    });
    expect(problems, problems.join('\n')).toEqual([]);
  });

  test('un widget se mueve y cambia de tamaño con el teclado; los valores en vivo no roban el foco; un diálogo devuelve el foco', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const user = await registerUserViaApi(request, uniqueUsername('teclado'));
    const token = (await loginViaApi(request, page, user.username, user.password)).access_token as string;
    const { equipo } = await apiPost<{ equipo: { id: number; apikey: string; secret?: string } }>(
      request,
      token,
      '/sv/api/equipo/grabar',
      { nombre: 'Patio' },
    );
    for (const [label, topic] of [
      ['Frente', 'frente'],
      ['Fondo', 'fondo'],
    ]) {
      await apiPost(request, token, '/sv/api/equipo/agregarSensorDesarrollador', {
        idEquipo: equipo.id,
        labelUsuario: label,
        calibracion: 0,
        nombreNexo: topic,
        tipoSensor: { id: 1 },
        tipoDato: { id: 1 },
        shadows: [
          { nombre: 'Tacómetro', tipoWidget: { id: 2 }, valorMinReferencia: 0, valorMaxReferencia: 50 },
        ],
      });
    }
    const savedLayout = async () => {
      const answer = await request.get(`/sv/api/equipo/${equipo.id}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const { equipo: saved } = (await answer.json()) as {
        equipo: { layouts: { lg: { i: string; x: number; y: number; w: number }[] } | null };
      };
      return saved.layouts?.lg ?? [];
    };
    await page.goto(`/home/listaEquipo?id=${equipo.id}`);
    const handle = page.getByRole('button', { name: 'Mover Frente' });
    // A first load on a busy machine can take a while.
    await expect(handle).toBeVisible({ timeout: 30_000 });
    const frente = await page.getByRole('group', { name: 'Frente' }).getAttribute('data-shadow');

    // The handle is a button reached with Tab; arrows move the card, Shift + arrows resize it.
    await handle.focus();
    await expect(handle).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('status').filter({ hasText: 'Frente: columna 2, fila 1' })).toBeAttached();
    await expect.poll(async () => (await savedLayout()).find((i) => i.i === frente)?.x).toBe(1);
    await page.keyboard.press('Shift+ArrowRight');
    await expect.poll(async () => (await savedLayout()).find((i) => i.i === frente)?.w).toBe(4);
    await expect(handle).toBeFocused();

    // A live reading redraws the card but leaves the focus where it was.
    const secret = await deviceSecret(request, token, equipo);
    await readingsFor(request, equipo.apikey, secret, 'frente', ['31']);
    await expect(page.getByRole('group', { name: 'Frente' })).toContainText('31');
    await expect(handle).toBeFocused();

    // The licence dialog keeps the focus inside and gives it back when it closes.
    const badge = page.getByRole('button', { name: /^Licencia activa/ });
    await badge.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(badge).toBeFocused();
  });
});
