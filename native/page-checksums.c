/*
** A SQLite VFS shim that keeps a checksum in the last 8 bytes of every page of a database file whose
** header reserves exactly 8 bytes per page (byte 20 of the file header, "reserved space"), and verifies
** it on every page read: a page whose bytes differ from what was written is never handed to SQLite,
** the read fails with SQLITE_IOERR_DATA instead. A file with another reserve is passed through as is.
**
** Why: a release's store is sealed by the sha256 of the whole file, and before this shim a server
** could answer from a store only after hashing all of it (gigabytes at scale). With a checksum per
** page, the sealed file is opened in place and each page is checked as it is read, so store-backed
** routes answer at once and no unchecked byte is served; the whole-file hash still runs, in the
** background (src/serve/releases/store-verify.ts). SQLite ships a shim of this kind (ext/misc/cksumvfs.c)
** but no Debian or npm package carries it built; this one is written for this project against
** SQLite's documented VFS interface (https://sqlite.org/vfs.html, https://sqlite.org/c3ref/io_methods.html).
**
** Checksum: Fletcher's two running sums over the page's little-endian 32-bit words (all but the last 8
** bytes), modulo 2^32, stored as two little-endian 32-bit words. Any change to a single word changes
** the first sum, so every flipped byte is found; it guards against damage, the seal's sha256 against
** anything else.
**
** Loaded with better-sqlite3's loadExtension (src/store/page-checksums.ts), it registers itself as the
** process's default VFS, stacked on the previous default, and stays loaded. Per connection it adds
** PRAGMA page_checksums (1 when the main file's pages are checked, else 0) and the SQL function
** page_checksums_reserve(schema), which reserves the 8 bytes on a new, empty database before its
** first write (SQLITE_FCNTL_RESERVE_BYTES; better-sqlite3 has no sqlite3_file_control).
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT1
#include <string.h>

#define PS_RESERVE 8
#define PS_NAME "dala-page-checksums"

typedef struct PsFile {
  sqlite3_file base;  /* this file's methods: ps_io */
  const char *zName;  /* for the log line of a failed check */
  int checked;        /* the file header reserves PS_RESERVE bytes: pages carry a checksum */
  /* the lower VFS's file follows this struct in the same allocation */
} PsFile;

#define LOWER_VFS(v) ((sqlite3_vfs *)((v)->pAppData))
#define LOWER_FILE(f) ((sqlite3_file *)(((PsFile *)(f)) + 1))

static unsigned int le32(const unsigned char *p) {
  return (unsigned int)p[0] | ((unsigned int)p[1] << 8) | ((unsigned int)p[2] << 16) | ((unsigned int)p[3] << 24);
}

static void put_le32(unsigned char *p, unsigned int v) {
  p[0] = (unsigned char)v;
  p[1] = (unsigned char)(v >> 8);
  p[2] = (unsigned char)(v >> 16);
  p[3] = (unsigned char)(v >> 24);
}

/* The checksum of a page of n bytes: over its first n - 8 bytes, into out[0..8). */
static void page_sum(const unsigned char *page, int n, unsigned char *out) {
  unsigned int first = 0, second = 0;
  const unsigned char *end = page + n - PS_RESERVE;
  for (const unsigned char *p = page; p < end; p += 4) {
    first += le32(p);
    second += first;
  }
  put_le32(out, first);
  put_le32(out + 4, second);
}

/* A whole page: a power of two of at least 512 bytes (SQLite's page sizes). */
static int is_page(int n) {
  return n >= 512 && n <= 65536 && (n & (n - 1)) == 0;
}

/* Page 1 starts with the header; its byte 20 is the reserve per page. */
static void note_header(PsFile *f, const void *buf, int n, sqlite3_int64 offset) {
  if (offset == 0 && n >= 100 && memcmp(buf, "SQLite format 3", 16) == 0) {
    f->checked = ((const unsigned char *)buf)[20] == PS_RESERVE;
  }
}

static int ps_read(sqlite3_file *file, void *buf, int n, sqlite3_int64 offset) {
  PsFile *f = (PsFile *)file;
  sqlite3_file *lower = LOWER_FILE(file);
  int rc = lower->pMethods->xRead(lower, buf, n, offset);
  if (rc != SQLITE_OK) return rc;
  note_header(f, buf, n, offset);
  if (f->checked && is_page(n)) {
    unsigned char sum[PS_RESERVE];
    page_sum((const unsigned char *)buf, n, sum);
    if (memcmp(sum, (const unsigned char *)buf + n - PS_RESERVE, PS_RESERVE) != 0) {
      sqlite3_log(SQLITE_IOERR_DATA, "page checksum differs at offset %lld of %s", offset, f->zName);
      return SQLITE_IOERR_DATA;
    }
  }
  return SQLITE_OK;
}

static int ps_write(sqlite3_file *file, const void *buf, int n, sqlite3_int64 offset) {
  PsFile *f = (PsFile *)file;
  sqlite3_file *lower = LOWER_FILE(file);
  note_header(f, buf, n, offset);
  /* The reserved bytes at the end of a page are SQLite's to leave unused: the pager's buffer is
     written in place, as SQLite's own reserve-bytes extensions do. */
  if (f->checked && is_page(n)) page_sum((const unsigned char *)buf, n, (unsigned char *)buf + n - PS_RESERVE);
  return lower->pMethods->xWrite(lower, buf, n, offset);
}

static int ps_close(sqlite3_file *file) {
  sqlite3_file *lower = LOWER_FILE(file);
  return lower->pMethods->xClose(lower);
}

static int ps_file_control(sqlite3_file *file, int op, void *arg) {
  PsFile *f = (PsFile *)file;
  sqlite3_file *lower = LOWER_FILE(file);
  if (op == SQLITE_FCNTL_PRAGMA) {
    char **args = (char **)arg;
    if (sqlite3_stricmp(args[1], "page_checksums") == 0) {
      if (args[2] != 0) return SQLITE_ERROR; /* read-only: the file header decides */
      args[0] = sqlite3_mprintf("%d", f->checked);
      return SQLITE_OK;
    }
  }
  return lower->pMethods->xFileControl(lower, op, arg);
}

static int ps_device_characteristics(sqlite3_file *file) {
  sqlite3_file *lower = LOWER_FILE(file);
  int flags = lower->pMethods->xDeviceCharacteristics(lower);
#ifdef SQLITE_IOCAP_SUBPAGE_READ
  flags &= ~SQLITE_IOCAP_SUBPAGE_READ; /* every page is read whole, so it can be checked */
#endif
  return flags;
}

static int ps_fetch(sqlite3_file *file, sqlite3_int64 offset, int n, void **pp) {
  PsFile *f = (PsFile *)file;
  sqlite3_file *lower = LOWER_FILE(file);
  /* A memory-mapped page would bypass ps_read and its check: checked files are never mapped. */
  if (f->checked || lower->pMethods->iVersion < 3 || lower->pMethods->xFetch == 0) {
    *pp = 0;
    return SQLITE_OK;
  }
  return lower->pMethods->xFetch(lower, offset, n, pp);
}

/* The remaining methods pass straight to the lower file. */
#define LOWER(file) sqlite3_file *lower = LOWER_FILE(file)
static int ps_truncate(sqlite3_file *file, sqlite3_int64 size) { LOWER(file); return lower->pMethods->xTruncate(lower, size); }
static int ps_sync(sqlite3_file *file, int flags) { LOWER(file); return lower->pMethods->xSync(lower, flags); }
static int ps_file_size(sqlite3_file *file, sqlite3_int64 *size) { LOWER(file); return lower->pMethods->xFileSize(lower, size); }
static int ps_lock(sqlite3_file *file, int level) { LOWER(file); return lower->pMethods->xLock(lower, level); }
static int ps_unlock(sqlite3_file *file, int level) { LOWER(file); return lower->pMethods->xUnlock(lower, level); }
static int ps_check_reserved_lock(sqlite3_file *file, int *out) { LOWER(file); return lower->pMethods->xCheckReservedLock(lower, out); }
static int ps_sector_size(sqlite3_file *file) { LOWER(file); return lower->pMethods->xSectorSize(lower); }
static int ps_shm_map(sqlite3_file *file, int region, int size, int extend, void volatile **pp) { LOWER(file); return lower->pMethods->xShmMap(lower, region, size, extend, pp); }
static int ps_shm_lock(sqlite3_file *file, int offset, int n, int flags) { LOWER(file); return lower->pMethods->xShmLock(lower, offset, n, flags); }
static void ps_shm_barrier(sqlite3_file *file) { LOWER(file); lower->pMethods->xShmBarrier(lower); }
static int ps_shm_unmap(sqlite3_file *file, int del) { LOWER(file); return lower->pMethods->xShmUnmap(lower, del); }
static int ps_unfetch(sqlite3_file *file, sqlite3_int64 offset, void *p) {
  LOWER(file);
  if (lower->pMethods->iVersion < 3 || lower->pMethods->xUnfetch == 0) return SQLITE_OK;
  return lower->pMethods->xUnfetch(lower, offset, p);
}

static const sqlite3_io_methods ps_io = {
  3, ps_close, ps_read, ps_write, ps_truncate, ps_sync, ps_file_size, ps_lock, ps_unlock,
  ps_check_reserved_lock, ps_file_control, ps_sector_size, ps_device_characteristics,
  ps_shm_map, ps_shm_lock, ps_shm_barrier, ps_shm_unmap, ps_fetch, ps_unfetch,
};

static int ps_open(sqlite3_vfs *vfs, const char *name, sqlite3_file *file, int flags, int *out_flags) {
  sqlite3_vfs *lower_vfs = LOWER_VFS(vfs);
  PsFile *f = (PsFile *)file;
  int rc;
  /* Only main database files carry page checksums; journals, temp files and WAL pass through. */
  if ((flags & SQLITE_OPEN_MAIN_DB) == 0) return lower_vfs->xOpen(lower_vfs, name, file, flags, out_flags);
  memset(f, 0, sizeof(*f));
  rc = lower_vfs->xOpen(lower_vfs, name, LOWER_FILE(file), flags, out_flags);
  if (rc != SQLITE_OK) {
    file->pMethods = 0;
    return rc;
  }
  f->zName = name;
  file->pMethods = &ps_io;
  return SQLITE_OK;
}

/* The VFS's own methods pass to the lower VFS. */
#define VFS(v) sqlite3_vfs *lower = LOWER_VFS(v)
static int ps_delete(sqlite3_vfs *v, const char *name, int sync_dir) { VFS(v); return lower->xDelete(lower, name, sync_dir); }
static int ps_access(sqlite3_vfs *v, const char *name, int flags, int *out) { VFS(v); return lower->xAccess(lower, name, flags, out); }
static int ps_full_pathname(sqlite3_vfs *v, const char *name, int n, char *out) { VFS(v); return lower->xFullPathname(lower, name, n, out); }
static void *ps_dl_open(sqlite3_vfs *v, const char *path) { VFS(v); return lower->xDlOpen(lower, path); }
static void ps_dl_error(sqlite3_vfs *v, int n, char *msg) { VFS(v); lower->xDlError(lower, n, msg); }
static void (*ps_dl_sym(sqlite3_vfs *v, void *h, const char *sym))(void) { VFS(v); return lower->xDlSym(lower, h, sym); }
static void ps_dl_close(sqlite3_vfs *v, void *h) { VFS(v); lower->xDlClose(lower, h); }
static int ps_randomness(sqlite3_vfs *v, int n, char *out) { VFS(v); return lower->xRandomness(lower, n, out); }
static int ps_sleep(sqlite3_vfs *v, int us) { VFS(v); return lower->xSleep(lower, us); }
static int ps_current_time(sqlite3_vfs *v, double *out) { VFS(v); return lower->xCurrentTime(lower, out); }
static int ps_get_last_error(sqlite3_vfs *v, int n, char *out) { VFS(v); return lower->xGetLastError(lower, n, out); }
static int ps_current_time_int64(sqlite3_vfs *v, sqlite3_int64 *out) { VFS(v); return lower->xCurrentTimeInt64(lower, out); }
static int ps_set_system_call(sqlite3_vfs *v, const char *name, sqlite3_syscall_ptr call) { VFS(v); return lower->xSetSystemCall(lower, name, call); }
static sqlite3_syscall_ptr ps_get_system_call(sqlite3_vfs *v, const char *name) { VFS(v); return lower->xGetSystemCall(lower, name); }
static const char *ps_next_system_call(sqlite3_vfs *v, const char *name) { VFS(v); return lower->xNextSystemCall(lower, name); }

static sqlite3_vfs ps_vfs = {
  3, 0, 1024, 0, PS_NAME, 0, ps_open, ps_delete, ps_access, ps_full_pathname, ps_dl_open, ps_dl_error,
  ps_dl_sym, ps_dl_close, ps_randomness, ps_sleep, ps_current_time, ps_get_last_error,
  ps_current_time_int64, ps_set_system_call, ps_get_system_call, ps_next_system_call,
};

/* page_checksums_reserve(schema): reserve the checksum's 8 bytes per page of a new database. */
static void ps_reserve_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  int n = PS_RESERVE;
  const char *schema = (const char *)sqlite3_value_text(argv[0]);
  int rc = sqlite3_file_control(sqlite3_context_db_handle(ctx), schema, SQLITE_FCNTL_RESERVE_BYTES, &n);
  (void)argc;
  if (rc != SQLITE_OK) sqlite3_result_error_code(ctx, rc);
  else sqlite3_result_int(ctx, n);
}

#ifdef _WIN32
__declspec(dllexport)
#endif
int sqlite3_pagechecksums_init(sqlite3 *db, char **err, const sqlite3_api_routines *api) {
  int rc;
  SQLITE_EXTENSION_INIT2(api);
  (void)err;
  if (sqlite3_vfs_find(PS_NAME) == 0) {
    sqlite3_vfs *lower = sqlite3_vfs_find(0);
    if (lower == 0) return SQLITE_ERROR;
    if (lower->iVersion < 3) return SQLITE_ERROR;
    ps_vfs.szOsFile = (int)sizeof(PsFile) + lower->szOsFile;
    ps_vfs.mxPathname = lower->mxPathname;
    ps_vfs.pAppData = lower;
    rc = sqlite3_vfs_register(&ps_vfs, 1);
    if (rc != SQLITE_OK) return rc;
  }
  rc = sqlite3_create_function(db, "page_checksums_reserve", 1, SQLITE_UTF8 | SQLITE_DIRECTONLY, 0, ps_reserve_fn, 0, 0);
  return rc == SQLITE_OK ? SQLITE_OK_LOAD_PERMANENTLY : rc;
}
