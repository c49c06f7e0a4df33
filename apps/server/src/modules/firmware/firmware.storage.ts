import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Db } from '../../platform/db/client.js';

/** Bytes per row of `firmware_chunks`: an upload or a download holds at most one in memory. */
export const CHUNK_BYTES = 256 * 1024;

/** Why an upload stopped before its end. */
export class UploadLimitError extends Error {
  constructor(readonly reason: 'grande' | 'vacio') {
    super(reason);
  }
}

export interface StoredImage {
  tamano: number;
  sha256: string;
}

/**
 * Where package bytes live: rows of `firmware_chunks` (the database every instance uses), or
 * FIRMWARE_DIR, a directory every instance mounts, one file per content (`<sha256>`), written
 * under a temporary name and renamed once complete. Uploads and downloads stream in pieces of
 * at most CHUNK_BYTES, so memory stays flat whatever the image's size.
 */
export interface FirmwareStorage {
  readonly kind: 'db' | 'dir';
  /** Streams the upload in; stops with UploadLimitError past maxBytes or when empty. */
  write(packageId: number, source: AsyncIterable<Buffer>, maxBytes: number): Promise<StoredImage>;
  /** The bytes start..end (inclusive) of a stored package. */
  read(pkg: { id: number; sha256: string; almacen: string }, start: number, end: number): Readable;
  /** Drops a package's bytes (a directory file stays while another package has the same content). */
  remove(pkg: { id: number; sha256: string; almacen: string }, stillUsed: boolean): Promise<void>;
}

/** Gathers an async stream of buffers into pieces of exactly `size` bytes (the last one shorter). */
async function* pieces(source: AsyncIterable<Buffer>, size: number): AsyncGenerator<Buffer> {
  let parts: Buffer[] = [];
  let held = 0;
  for await (const chunk of source) {
    let data = chunk;
    while (data.length > 0) {
      const take = Math.min(size - held, data.length);
      parts.push(data.subarray(0, take));
      held += take;
      data = data.subarray(take);
      if (held === size) {
        yield Buffer.concat(parts, held);
        parts = [];
        held = 0;
      }
    }
  }
  if (held > 0) yield Buffer.concat(parts, held);
}

export function createFirmwareStorage(options: { db: Db; dir: string | undefined }): FirmwareStorage {
  const { db, dir } = options;

  async function writeDb(packageId: number, source: AsyncIterable<Buffer>, maxBytes: number) {
    const hash = createHash('sha256');
    let tamano = 0;
    let seq = 0;
    for await (const piece of pieces(source, CHUNK_BYTES)) {
      tamano += piece.length;
      if (tamano > maxBytes) throw new UploadLimitError('grande');
      hash.update(piece);
      await db.insertInto('firmware_chunks').values({ package_id: packageId, seq, data: piece }).execute();
      seq++;
    }
    if (tamano === 0) throw new UploadLimitError('vacio');
    return { tamano, sha256: hash.digest('hex') };
  }

  async function writeDir(target: string, source: AsyncIterable<Buffer>, maxBytes: number) {
    await mkdir(target, { recursive: true });
    const temporary = path.join(target, `.subida-${randomBytes(8).toString('hex')}`);
    const out = createWriteStream(temporary);
    const hash = createHash('sha256');
    let tamano = 0;
    try {
      for await (const chunk of source) {
        tamano += chunk.length;
        if (tamano > maxBytes) throw new UploadLimitError('grande');
        hash.update(chunk);
        if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      }
      await new Promise<void>((resolve, reject) =>
        out.end((error?: Error | null) => (error ? reject(error) : resolve())),
      );
      if (tamano === 0) throw new UploadLimitError('vacio');
      const sha256 = hash.digest('hex');
      // Same content, same name: a second instance writing it at once renames over an equal file.
      await rename(temporary, path.join(target, sha256));
      return { tamano, sha256 };
    } catch (error) {
      out.destroy();
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async function* readDb(packageId: number, start: number, end: number): AsyncGenerator<Buffer> {
    const first = Math.floor(start / CHUNK_BYTES);
    const last = Math.floor(end / CHUNK_BYTES);
    for (let seq = first; seq <= last; seq++) {
      const row = await db
        .selectFrom('firmware_chunks')
        .select('data')
        .where('package_id', '=', packageId)
        .where('seq', '=', seq)
        .executeTakeFirst();
      if (!row) throw new Error(`falta el trozo ${seq} del paquete ${packageId}`);
      const data = Buffer.isBuffer(row.data) ? row.data : Buffer.from(row.data as Uint8Array);
      const offset = seq * CHUNK_BYTES;
      yield data.subarray(Math.max(0, start - offset), Math.min(data.length, end - offset + 1));
    }
  }

  return {
    kind: dir ? 'dir' : 'db',
    write(packageId, source, maxBytes) {
      return dir ? writeDir(dir, source, maxBytes) : writeDb(packageId, source, maxBytes);
    },
    read(pkg, start, end) {
      if (pkg.almacen === 'dir') {
        if (!dir) throw new Error('el paquete está en FIRMWARE_DIR, que no está configurado');
        return createReadStream(path.join(dir, pkg.sha256), { start, end });
      }
      return Readable.from(readDb(pkg.id, start, end));
    },
    async remove(pkg, stillUsed) {
      // Chunks go with the package row (on delete cascade).
      if (pkg.almacen !== 'dir' || !dir || stillUsed || !pkg.sha256) return;
      await rm(path.join(dir, pkg.sha256), { force: true });
    },
  };
}

/** Whether a directory file of that content exists (tests). */
export async function storedFileSize(dir: string, sha256: string): Promise<number | null> {
  try {
    return (await stat(path.join(dir, sha256))).size;
  } catch {
    return null;
  }
}
