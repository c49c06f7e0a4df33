import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { PortInUseError } from './modules/mqtt/index.js';
import { openFilesLimit, RECOMMENDED_OPEN_FILES } from './platform/fd-limit.js';

/** Starts Nexo; SIGTERM/SIGINT stop accepting, flush readings, close the broker, then the database. */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp(config);
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') {
      app.log.fatal(`El puerto HTTP ${config.port} ya está en uso. Elija otro con PORT=…`);
    } else if (error instanceof PortInUseError) {
      // The broker starts while the server starts listening; its error carries the hint.
      app.log.fatal(error.message);
    } else {
      app.log.fatal({ err: error }, 'no se pudo iniciar el servidor');
    }
    await app.close().catch(() => {});
    process.exit(1);
  }
  const url = config.publicUrl ?? `http://localhost:${config.port}`;
  app.log.info(`Nexo está listo en ${url}`);
  const files = openFilesLimit();
  if (files !== null && files < RECOMMENDED_OPEN_FILES)
    app.log.warn(
      `Este proceso puede abrir ${files} archivos a la vez, y cada dispositivo o navegador conectado usa uno. Para miles de conexiones, suba el límite (ulimit -n ${RECOMMENDED_OPEN_FILES * 4}, o LimitNOFILE en systemd).`,
    );
  else if (files !== null) app.log.info(`límite de archivos abiertos: ${files}`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'apagando Nexo');
    const timer = setTimeout(() => {
      app.log.error('el apagado tardó demasiado; saliendo');
      process.exit(1);
    }, 10_000);
    timer.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error durante el apagado');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

void main();
