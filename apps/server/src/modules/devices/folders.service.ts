import {
  type Carpeta,
  type CarpetaPlana,
  type CarpetaSaveData,
  type Equipo,
  type MoverDeCarpetaData,
  mensajes,
} from '@nexo/contracts';
import type { FolderRow } from '../../platform/db/schema.js';
import { AppError, fieldError, notFound } from '../../platform/http/errors.js';
import { type DevicesCore, permisos } from './devices.core.js';

const toPlana = (row: FolderRow): CarpetaPlana => ({
  id: Number(row.id),
  nombre: row.nombre,
  esRoot: Number(row.es_root) === 1,
  idPadre: row.parent_id === null ? null : Number(row.parent_id),
});

/** Folder rules: one tree per user under a root; deleting a folder never loses what it holds. */
export function createFoldersService(core: DevicesCore) {
  const { db, repos } = core;

  async function ownFolder(userId: number, folderId: number): Promise<FolderRow> {
    const folder = await repos.folders.ownedBy(db, userId, folderId);
    if (!folder) throw notFound(mensajes.carpetaNoEncontrada);
    return folder;
  }

  /** Builds the tree from the root; anything orphaned (missing parent or folder) is shown at the root. */
  function buildTree(root: FolderRow, all: FolderRow[], equipos: Equipo[]): Carpeta {
    const rootId = Number(root.id);
    const known = new Set(all.map((f) => Number(f.id)));
    const children = new Map<number, FolderRow[]>();
    for (const f of all) {
      if (Number(f.id) === rootId || Number(f.es_root) === 1) continue;
      const parent = f.parent_id !== null && known.has(Number(f.parent_id)) ? Number(f.parent_id) : rootId;
      children.set(parent, [...(children.get(parent) ?? []), f]);
    }
    const devicesIn = new Map<number, Equipo[]>();
    for (const e of equipos) {
      const folderId = e.carpeta && known.has(e.carpeta.id) ? e.carpeta.id : rootId;
      devicesIn.set(folderId, [...(devicesIn.get(folderId) ?? []), e]);
    }
    const visit = (f: FolderRow, seen: Set<number>): Carpeta => {
      const id = Number(f.id);
      seen.add(id);
      return {
        ...toPlana(f),
        carpetasHijas: (children.get(id) ?? [])
          .filter((c) => !seen.has(Number(c.id)))
          .map((c) => visit(c, seen)),
        equipos: devicesIn.get(id) ?? [],
      };
    };
    return visit(root, new Set());
  }

  /** True when `candidateId` is `folderId` itself or one of its descendants. */
  function isInside(all: FolderRow[], folderId: number, candidateId: number): boolean {
    const parentOf = new Map(
      all.map((f) => [Number(f.id), f.parent_id === null ? null : Number(f.parent_id)]),
    );
    let current: number | null = candidateId;
    const seen = new Set<number>();
    while (current !== null && !seen.has(current)) {
      if (current === folderId) return true;
      seen.add(current);
      current = parentOf.get(current) ?? null;
    }
    return false;
  }

  return {
    /** The whole tree (root with sub-folders and devices) plus a flat list for pickers. */
    async tree(userId: number): Promise<{ carpeta: Carpeta; carpetas: CarpetaPlana[] }> {
      const root = await core.ensureRoot(userId);
      const all = await repos.folders.allOf(db, userId);
      const equipos = await core.assemble(userId, await repos.devices.listForUser(db, userId));
      const visible = all.filter((f) => Number(f.es_root) === 0 || Number(f.id) === Number(root.id));
      return { carpeta: buildTree(root, visible, equipos), carpetas: visible.map(toPlana) };
    },

    /** Create (no id) inside `carpeta` (or the root), or rename / move an own non-root folder. */
    async save(userId: number, input: CarpetaSaveData): Promise<Carpeta> {
      const parentRef = input.carpeta ?? input.carpetaRoot;
      if (!input.id) {
        const parentId = parentRef
          ? Number((await ownFolder(userId, parentRef.id)).id)
          : Number((await core.ensureRoot(userId)).id);
        const id = await repos.folders.insert(db, { userId, nombre: input.nombre, parentId, esRoot: false });
        return { ...toPlana(await ownFolder(userId, id)), carpetasHijas: [], equipos: [] };
      }
      const folderId = Number(input.id);
      const folder = await ownFolder(userId, folderId);
      if (Number(folder.es_root) === 1) throw new AppError(400, mensajes.carpetaRaizNoEditable);
      let parentId = folder.parent_id === null ? null : Number(folder.parent_id);
      if (parentRef && parentRef.id !== parentId) {
        await ownFolder(userId, parentRef.id);
        if (isInside(await repos.folders.allOf(db, userId), folderId, parentRef.id)) {
          throw fieldError('carpeta', mensajes.carpetaDestinoInvalida);
        }
        parentId = parentRef.id;
      }
      await repos.folders.update(db, folderId, { nombre: input.nombre, parentId });
      return { ...toPlana(await ownFolder(userId, folderId)), carpetasHijas: [], equipos: [] };
    },

    /** Deletes an own non-root folder; its devices and sub-folders move to its parent (or the root). */
    async remove(userId: number, folderId: number): Promise<void> {
      const folder = await ownFolder(userId, folderId);
      if (Number(folder.es_root) === 1) throw new AppError(400, mensajes.carpetaRaizNoEditable);
      const root = await core.ensureRoot(userId);
      const parent =
        folder.parent_id === null ? null : await repos.folders.ownedBy(db, userId, Number(folder.parent_id));
      const targetId = parent ? Number(parent.id) : Number(root.id);
      await db.transaction().execute((trx) => repos.folders.deleteInto(trx, userId, folderId, targetId));
    },

    /** Files one of the caller's devices in one of the caller's folders (must differ from the current one). */
    async moveDevice(userId: number, input: MoverDeCarpetaData): Promise<void> {
      const deviceId = Number(input.idEquipo);
      await core.requireRole(userId, deviceId, permisos.cualquiera);
      const target = await ownFolder(userId, Number(input.idCarpeta));
      const [row] = await repos.devices.listForUser(db, userId, { ids: [deviceId] });
      const root = await core.ensureRoot(userId);
      const current =
        row?.folder_id === null || row?.folder_id === undefined ? Number(root.id) : Number(row.folder_id);
      if (current === Number(target.id)) throw fieldError('idCarpeta', mensajes.carpetaDistinta);
      await repos.devices.setFolder(db, deviceId, userId, Number(target.id));
    },
  };
}
