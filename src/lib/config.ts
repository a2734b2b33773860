// Configuration by flags and environment: DALA_SNAPSHOTS, DALA_RELEASES, SOURCE_DATE_EPOCH.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const SOURCES_DIR = join(PROJECT_ROOT, 'sources');

/** Snapshot directory: DALA_SNAPSHOTS, else ../shared/snapshots beside the project. */
export function snapshotsDir(flag?: string): string {
  const candidates = [flag, process.env.DALA_SNAPSHOTS, join(PROJECT_ROOT, '../shared/snapshots')];
  for (const c of candidates) if (c) return resolve(c);
  return join(PROJECT_ROOT, '../shared/snapshots');
}

export function releasesDir(flag?: string): string {
  return resolve(flag ?? process.env.DALA_RELEASES ?? join(PROJECT_ROOT, 'releases'));
}

/**
 * Build time from SOURCE_DATE_EPOCH (reproducible-builds.org convention) or an explicit option;
 * undefined without either: the build then takes the day its newest snapshot was retrieved (the
 * passports' date, src/model/build-time.ts), never the wall clock, so two builds of the same inputs
 * give the same bytes and no release is dated before the inputs it was built from.
 */
export function buildTime(option?: string): Date | undefined {
  const raw = option ?? process.env.SOURCE_DATE_EPOCH;
  if (raw === undefined || raw === '') return undefined;
  if (!/^\d+$/.test(raw))
    throw new Error(`SOURCE_DATE_EPOCH must be an integer number of seconds, got "${raw}"`);
  return new Date(Number(raw) * 1000);
}

export function fileExists(path: string): boolean {
  return existsSync(path);
}

/**
 * Where the service answers, as the public sees it: the base of the absolute URLs in the DCAT-AP
 * catalogue, the Data Package, the schemas' $id and the citations (`--public-url` or DALA_PUBLIC_URL).
 * It is content: another base gives other bytes and another revision. Not configured, there is no
 * base (undefined): the release names no host at all, since any default would name a site this
 * project does not control, and its links are root-relative paths (RFC 3986 section 4.2) that
 * resolve on whichever server serves the release.
 */
export function publicUrl(option?: string): string | undefined {
  const raw = option ?? process.env.DALA_PUBLIC_URL;
  if (raw === undefined || raw.trim() === '') return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`DALA_PUBLIC_URL must be an absolute http(s) URL, got "${raw}"`);
  }
  if (!/^https?:$/.test(url.protocol) || url.search || url.hash)
    throw new Error(
      `DALA_PUBLIC_URL must be an absolute http(s) URL without query or fragment, got "${raw}"`,
    );
  return url.href.replace(/\/+$/, '');
}

/** What a release built without a public URL says where it prints a link: whose host the path is on. */
export const NO_PUBLIC_URL_NOTE =
  'Built without a public URL (DALA_PUBLIC_URL): its links are paths on the server that serves this release.';
