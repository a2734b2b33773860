// Tampering with a sealed store the way a failing disk or a stray writer would: bytes changed in
// place, the file's size unchanged, so only the page checks and the whole-file hash tell.
import { open } from 'node:fs/promises';
import { statSync } from 'node:fs';
import Database from 'better-sqlite3';

/** XORs the byte at each offset of `file` with `mask`. */
export async function flipBytes(file: string, offsets: number[], mask = 0xff): Promise<void> {
  const handle = await open(file, 'r+');
  try {
    for (const at of offsets) {
      const byte = Buffer.alloc(1);
      await handle.read(byte, 0, 1, at);
      byte[0] = byte[0]! ^ mask;
      await handle.write(byte, 0, 1, at);
    }
  } finally {
    await handle.close();
  }
}

/** Flips one byte in the middle of the store file. */
export function flipMiddleByte(store: string): Promise<void> {
  return flipBytes(store, [Math.floor(statSync(store).size / 2)]);
}

/** Flips one bit in the middle of every page of `table` in the store file; returns the page numbers. */
export async function flipTablePages(store: string, table: string): Promise<number[]> {
  const reader = new Database(store, { readonly: true });
  const pageSize = reader.pragma('page_size', { simple: true }) as number;
  const pages = reader
    .prepare(`SELECT pageno FROM dbstat WHERE name = ?`)
    .pluck()
    .all(table) as number[];
  reader.close();
  await flipBytes(
    store,
    pages.map((page) => (page - 1) * pageSize + pageSize / 2),
    0x04,
  );
  return pages;
}
