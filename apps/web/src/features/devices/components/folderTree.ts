import type { Carpeta } from '@nexo/contracts';

/** Depth-first list of every folder of the tree, with its depth for indentation. */
export function flattenFolders(root: Carpeta | undefined): Array<{ carpeta: Carpeta; depth: number }> {
  if (!root) return [];
  const out: Array<{ carpeta: Carpeta; depth: number }> = [];
  const walk = (carpeta: Carpeta, depth: number) => {
    out.push({ carpeta, depth });
    for (const hija of carpeta.carpetasHijas) walk(hija, depth + 1);
  };
  walk(root, 0);
  return out;
}

export function findFolder(root: Carpeta | undefined, id: number): Carpeta | null {
  return flattenFolders(root).find((f) => f.carpeta.id === id)?.carpeta ?? null;
}

/** The folder holding the device in the caller's tree (the root when it is not filed). */
export function folderOfDevice(root: Carpeta | undefined, deviceId: number): Carpeta | null {
  return (
    flattenFolders(root).find((f) => f.carpeta.equipos.some((e) => e.id === deviceId))?.carpeta ??
    root ??
    null
  );
}
