// Every page of a written store carries a checksum (src/store/page-checksums.ts,
// native/page-checksums.c), so a server can open a sealed store in place and check each page as it
// reads it: a page whose bytes changed fails its read (SQLITE_IOERR_DATA) and is never read as data.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { writeStore } from '../src/publish/store/write.js';
import { pagesChecked, registerPageChecksums } from '../src/store/page-checksums.js';
import { fixtureStore } from './support/fixture-release.js';

const HEADER = 100; // page 1 starts with the file header (https://sqlite.org/fileformat.html)

/** Reads every page: dbstat walks each table's and index's B-tree pages, and each table's rows bring its overflow pages. */
function readEveryPage(db: Database.Database): void {
  db.prepare('SELECT count(*) FROM dbstat').get();
  for (const table of db
    .prepare(`SELECT name FROM sqlite_schema WHERE type = 'table'`)
    .pluck()
    .all() as string[])
    db.prepare(`SELECT * FROM "${table}"`).raw().all();
}

test('a written store reserves 8 bytes per page for a checksum, and a flipped byte in any page fails its read', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dala-pagesum-'));
  try {
    const path = join(dir, 'store.sqlite');
    writeStore(path, fixtureStore());
    const sealed = readFileSync(path);
    assert.equal(sealed[20], 8, 'the header reserves 8 bytes per page');
    const pageSize = sealed.readUInt16BE(16);
    const pages = sealed.length / pageSize;
    assert.ok(Number.isInteger(pages) && pages > 3);
    registerPageChecksums();
    const intact = new Database(path, { readonly: true });
    assert.equal(pagesChecked(intact), true);
    assert.equal(intact.pragma('integrity_check', { simple: true }), 'ok');
    assert.equal(
      intact.prepare('SELECT count(*) AS n FROM dbstat').pluck().get(),
      pages,
      'every page belongs to a table or an index',
    );
    readEveryPage(intact);
    intact.close();
    for (let page = 0; page < pages; page++) {
      // one byte per page, at a different place in each, past the header on page 1
      const at = page * pageSize + HEADER + ((page * 797) % (pageSize - HEADER));
      const damaged = Buffer.from(sealed);
      damaged[at] = damaged[at]! ^ 0x10;
      writeFileSync(path, damaged);
      const db = new Database(path, { readonly: true });
      try {
        assert.throws(
          () => readEveryPage(db),
          (err: { code?: string }) => err.code === 'SQLITE_IOERR_DATA',
          `byte ${at} (page ${page + 1}) flipped`,
        );
      } finally {
        db.close();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
