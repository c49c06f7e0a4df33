import path from 'node:path';
import { listBackups, restoreSqlite } from './platform/db/backup.js';

/**
 * `npm run restore -- <file>`: puts a backup of the embedded database in place (DATA_DIR/nexo.db).
 * Stop Nexo first. Without a file it lists the backups in DATA_DIR/backups.
 */
function main(): void {
  const dataDir = path.resolve(process.env.DATA_DIR ?? './data');
  const database = path.join(dataDir, 'nexo.db');
  const file = process.argv[2];
  if (!file) {
    const backups = listBackups(path.join(dataDir, 'backups'));
    console.log(
      backups.length === 0
        ? `No hay copias en ${path.join(dataDir, 'backups')}.`
        : `Copias disponibles (la más nueva primero):\n${backups.join('\n')}\n\nUso: npm run restore -- <archivo>`,
    );
    return;
  }
  try {
    const { kept } = restoreSqlite(path.resolve(file), database);
    console.log(`Restaurada ${file} en ${database}.`);
    if (kept) console.log(`La base anterior quedó en ${kept}.`);
    console.log('Ya puede iniciar Nexo.');
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}

main();
