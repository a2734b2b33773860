// No released file sends a reader to a copy of another publisher's page: no URL in any released byte
// is on a listed mirror or aggregator (src/sources/mirror-hosts.ts) or is an AMP copy of a page
// (release-bytes reads every one). A row whose
// only support is a report of a decree that was not itself read is unreviewed, so nothing reviewed
// rests on one: no row marked reviewed in any released JSON file cites a news site either.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { mirrorHost, newsHost } from '../src/sources/mirror-hosts.js';
import { filesUnder } from './support/released-files.js';
import { realRelease } from './support/release.js';

describe('the real release cites no mirror, aggregator or AMP copy', () => {
  let dir: string;
  before(async () => {
    const { releasesDir, revision } = await realRelease();
    dir = join(releasesDir, revision);
  });

  test('no row marked reviewed in any released JSON file rests on a news report, a mirror or a copy', () => {
    const found: string[] = [];
    let reviewed = 0;
    // the pages a reviewed row sends a reader to: its source, the page its review read and any it cites
    const cited = (row: Record<string, any>): string[] =>
      [row.source_url, row.review?.url, row.review?.confirmed]
        .filter((t): t is string => typeof t === 'string')
        .flatMap((t) => t.match(/https?:\/\/[^\s"'()<>\]\\,]+/g) ?? []);
    const walk = (o: unknown, file: string): void => {
      if (Array.isArray(o)) return o.forEach((x) => walk(x, file));
      if (o === null || typeof o !== 'object') return;
      const row = o as Record<string, any>;
      if (row.review_status === 'reviewed') {
        reviewed++;
        for (const url of cited(row)) {
          const bad = newsHost(url) ?? mirrorHost(url);
          if (bad) found.push(`${file}: ${row.id ?? row.name_en ?? row.slug}: ${url} (${bad})`);
        }
      }
      Object.values(row).forEach((x) => walk(x, file));
    };
    for (const f of filesUnder(join(dir, 'data')).filter((p) => /\.(json|geojson|jsonld)$/.test(p)))
      walk(JSON.parse(readFileSync(f, 'utf8')), f.slice(dir.length + 1));
    assert.ok(reviewed > 10, `${reviewed} reviewed rows read`);
    assert.deepEqual([...new Set(found)].slice(0, 20), []);
  });
});
