import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as shapefile from 'shapefile';
import { SOURCES_DIR, snapshotsDir } from '../src/lib/config.js';
import { stableJson } from '../src/lib/canonical-json.js';
import { loadHandTables } from '../src/sources/hand-tables.js';
import type { HandTables } from '../src/sources/records.js';
import { HandTableError } from '../src/sources/table-issue.js';
import { loadNameTables } from '../src/sources/name-tables.js';
import { tempDir } from './support/temp-dir.js';

const tables = await loadHandTables(SOURCES_DIR);
const region = (t: HandTables, iso: string) => t.regions.find((r) => r.iso === iso)!;

/** Copies sources/ to a temp dir, lets `edit` change one table, and returns what loading it throws (null: nothing). */
async function loadEdited(file: string, edit: (data: any) => void): Promise<unknown> {
  const dir = tempDir('dala-hand-');
  try {
    await cp(SOURCES_DIR, dir, { recursive: true });
    const data = JSON.parse(await readFile(join(dir, file), 'utf8'));
    edit(data);
    await writeFile(join(dir, file), JSON.stringify(data, null, 2));
    return await loadHandTables(dir).then(
      () => null,
      (e: unknown) => e,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The load error of the tables after `edit`. */
async function loadBroken(file: string, edit: (data: any) => void): Promise<HandTableError> {
  const err = await loadEdited(file, edit);
  assert.ok(err instanceof HandTableError, `expected a HandTableError, got ${String(err)}`);
  return err;
}

test('regions are the 20 units of the ISO 3166-2:KZ snapshot with numeric codes', async () => {
  const iso = JSON.parse(
    await readFile(join(snapshotsDir(), 'reference/iso-3166-2-kz.json'), 'utf8'),
  ) as { code: string }[];
  assert.deepEqual(tables.regions.map((r) => r.iso).sort(), iso.map((c) => c.code).sort());
  assert.equal(tables.regions.length, 20);
  assert.equal(tables.regions[0]!.iso, 'KZ-10');
  assert.equal(tables.regions.at(-1)!.iso, 'KZ-79');
  for (const r of tables.regions) assert.match(r.slug, /^[a-z0-9-]+$/);
});

test('name errors listed in the snapshots README are corrected', () => {
  const shymkent = region(tables, 'KZ-79');
  assert.equal(shymkent.name.ru, 'Шымкент');
  assert.equal(shymkent.official_name.ru, 'город Шымкент');
  assert.ok(
    shymkent.aliases.includes('Чимкент'),
    'the old Russian spelling stays findable as an alias',
  );
  const north = region(tables, 'KZ-59');
  assert.equal(north.name.kk, 'Солт\u04AFст\u0456к Қазақстан облысы'); // Cyrillic і (U+0456), not Latin i
  assert.equal(region(tables, 'KZ-71').admin_centre.en, 'Astana');
  // No Kazakh or Russian name keeps a Latin look-alike letter.
  for (const r of tables.regions) {
    for (const n of [r.name, r.official_name, r.admin_centre]) {
      assert.doesNotMatch(
        `${n.kk} ${n.ru}`,
        /[A-Za-z]/,
        `${r.iso} has a Latin letter in a Cyrillic name`,
      );
    }
  }
});

test('Almaty Region (KZ-19) is named as a region, distinct from the city of Almaty (KZ-75)', () => {
  assert.deepEqual(region(tables, 'KZ-19').name, {
    en: 'Almaty Region',
    ru: 'Алматинская область',
    kk: 'Алматы облысы',
  });
  assert.equal(region(tables, 'KZ-75').name.en, 'Almaty');
  for (const iso of ['KZ-19', 'KZ-75']) {
    assert.ok(!region(tables, iso).aliases.some((a) => a.toLowerCase() === 'almaty'), iso);
  }
  // every oblast's name says region, in every language
  for (const r of tables.regions.filter((x) => x.kind === 'region')) {
    assert.match(r.name.en, / Region$/, r.iso);
    assert.match(r.name.ru, /област/, r.iso);
    assert.match(r.name.kk, /облысы$/, r.iso);
  }
});

test("a region carries no name of its centre: the centre's names belong to the city", () => {
  const fold = (s: string) => s.toLocaleLowerCase('en');
  for (const r of tables.regions.filter((x) => x.kind === 'region')) {
    const centre = new Set(Object.values(r.admin_centre).map(fold));
    for (const a of r.aliases)
      assert.ok(!centre.has(fold(a)), `${r.iso} alias ${a} is its centre's name`);
  }
  for (const [iso, city] of [
    ['KZ-63', 'Oskemen'],
    ['KZ-11', 'Kokshetau'],
    ['KZ-31', 'Taraz'],
    ['KZ-27', 'Uralsk'],
    ['KZ-47', 'Aktau'],
    ['KZ-59', 'Petropavl'],
  ] as const) {
    assert.ok(!region(tables, iso).aliases.includes(city), `${iso} still answers to ${city}`);
  }
  // the former South Kazakhstan region's names are its own, not Turkistan's
  assert.ok(
    !region(tables, 'KZ-61').aliases.some((a) =>
      /south kazakhstan|ontustik|южно-казахстан/i.test(a),
    ),
  );
  const south = tables.legacyPlaces.find((l) => l.code === 'KZ-SOUTH-KAZAKHSTAN-LEGACY')!;
  assert.ok(south.aliases.includes('Ontustik Kazakhstan'));
  assert.deepEqual(
    south.successors.map((s) => [s.place, s.date]),
    [
      ['KZ-61', '2018-06-19'],
      ['KZ-79', '2018-06-19'],
    ],
  );
});

test('institutions: 55 in all, one akimat per region, no person named without a source', () => {
  assert.equal(tables.institutions.length, 55);
  const akimats = tables.institutions.filter((i) => i.kind === 'akimat');
  assert.equal(akimats.length, 20);
  assert.deepEqual(
    akimats.map((a) => a.region_iso).sort(),
    tables.regions.map((r) => r.iso).sort(),
  );
  for (const i of tables.institutions) {
    assert.equal(i.responsible_person, null);
    assert.ok(i.responsible_person_null_reason);
    assert.notEqual(i.review_status, 'verified');
  }
});

test('district corrections match the raw strings of the geokz ADM2 shapefile', async () => {
  const dir = join(snapshotsDir(), 'geokz-1.0.2');
  const fc = await shapefile.read(
    join(dir, 'kaz_admbnda_adm2_2024.shp'),
    join(dir, 'kaz_admbnda_adm2_2024.dbf'),
    { encoding: 'utf-8' },
  );
  const raw = new Map(
    fc.features.map((f) => [
      String(f.properties?.ADM2_PCODE),
      f.properties as Record<string, string>,
    ]),
  );
  assert.ok(tables.districtCorrections.length >= 6);
  for (const c of tables.districtCorrections) {
    assert.equal(raw.get(c.pcode)?.[c.match.field], c.match.value, `${c.pcode} ${c.match.field}`);
  }
  const arshaly = tables.districtCorrections.find((c) => c.set.value === 'Аршалинский')!;
  assert.equal(arshaly.match.value.codePointAt(0), 0x41); // raw starts with Latin A
});

test('events have dated ids and a legal or official source', () => {
  assert.ok(tables.events.length > 0);
  for (const e of tables.events) {
    assert.ok(e.id.startsWith(`event:${e.date}-`));
    assert.match(e.source_url, /^https:\/\//);
    // reviewed only with the page read, the day and what it confirmed; that page is the row's source
    if (e.review_status === 'reviewed') {
      assert.equal(e.review?.url, e.source_url);
      assert.match(e.review!.read_on, /^\d{4}-\d{2}-\d{2}$/);
    } else assert.equal(e.review, undefined);
  }
});

/** Marks a row reviewed as read at `url` (a test's claim, never published). */
const claimReviewed = (row: any, url: string) => {
  row.review_status = 'reviewed';
  row.review = { url, read_on: '2026-11-23', confirmed: 'what the page says' };
};

test("a 'reviewed' row without the page read is refused, and a review on an unreviewed row too", async () => {
  const err = await loadBroken('events.json', (d) => {
    d[0].review_status = 'reviewed';
    delete d[0].review;
  });
  assert.match(
    err.message,
    /sources\/events\.json row 0 field review: a 'reviewed' row must say which page was read/,
  );
  const err2 = await loadBroken('institutions.json', (d) => {
    d[0].review = {
      url: 'https://example.org/',
      read_on: '2026-11-23',
      confirmed: 'something read there',
    };
  });
  assert.match(
    err2.message,
    /sources\/institutions\.json row 0 field review_status: must be 'reviewed' when the row carries a review/,
  );
});

test('a reviewed row citing a mirror or aggregator is refused, in its url, its confirmed text or a name review', async () => {
  const url = await loadBroken('regions.json', (d) => {
    claimReviewed(d[1], 'https://hmong.ru/wiki/ISO_3166-2:KZ');
  });
  assert.match(
    url.message,
    /sources\/regions\.json row 1 field review\.url: https:\/\/hmong\.ru\/wiki\/ISO_3166-2:KZ is on hmong\.ru, a mirror or aggregator/,
  );
  const inText = await loadBroken('events.json', (d) => {
    claimReviewed(d[0], d[0].source_url);
    d[0].review.confirmed += ' Also read at https://kz.everywherenews.net/kazakhstan_news/x';
  });
  assert.match(
    inText.message,
    /sources\/events\.json row 0 field review\.confirmed: .* is on everywherenews\.net/,
  );
  const sub = await loadBroken('legacy-places.json', (d) => {
    claimReviewed(d[0], 'https://de.zxc.wiki/wiki/Turkistan');
  });
  assert.match(sub.message, /row 0 field review\.url: .* is on zxc\.wiki/);
  // the row's own source is what a reader follows: a reviewed row never sends them to a copy
  const source = await loadBroken('legacy-places.json', (d) => {
    claimReviewed(d[0], d[0].source_url);
    d[0].source_url = 'https://kz.everywherenews.net/kazakhstan_news/x';
  });
  assert.match(source.message, /row 0 field source_url: .* is on everywherenews\.net/);
  // an AMP page is a copy of the publisher's page, served apart from it
  const amp = await loadBroken('events.json', (d) => {
    claimReviewed(d[0], 'https://tass.com/world/1509513/amp');
  });
  assert.match(amp.message, /row 0 field review\.url: .* is on an AMP copy on tass\.com/);
  // an unreviewed row may keep any link: it claims nothing
  assert.equal(
    await loadEdited('district-corrections.json', (d) => {
      d.find((x: any) => x.review_status === 'unreviewed').source_url =
        'https://wikivisually.com/wiki/Petropavl';
    }),
    null,
  );
});

test('a reviewed row resting on a news report of its decree is refused; unreviewed, it may keep the report', async () => {
  const report = 'https://en.inform.kz/news/3-new-regions-established-in-kazakhstan_a3929668/';
  const err = await loadBroken('district-bulletin-coverage.json', (d) => {
    claimReviewed(d[0], report);
    d[0].source_url = report;
  });
  assert.match(err.message, /row 0 field review\.url: .* is on inform\.kz, a news report/);
  assert.equal(
    await loadEdited('events.json', (d) => {
      d[0].source_url = report;
    }),
    null,
  );
});

test('a reviewed former name citing a mirror is refused naming file, row and field', async () => {
  const dir = tempDir('dala-names-');
  try {
    await cp(SOURCES_DIR, dir, { recursive: true });
    const file = join(dir, 'historical-names.json');
    const data = JSON.parse(await readFile(file, 'utf8'));
    // a row claimed reviewed, as the test's own edit (no former name is reviewed at its decree)
    const i = 0;
    Object.assign(data.rows[i], {
      review_status: 'reviewed',
      reviewed_on: '2026-11-23',
      confirms: 'what the page says',
      source_url: 'https://owiki.org/wiki/Astana',
    });
    await writeFile(file, JSON.stringify(data, null, 2));
    await assert.rejects(
      loadNameTables(dir),
      new RegExp(
        `sources/historical-names\\.json row ${i} field source_url: https://owiki\\.org/wiki/Astana is on owiki\\.org`,
      ),
    );
    data.rows[i].review_status = 'unreviewed';
    data.rows[i].reviewed_on = null;
    data.rows[i].confirms = null;
    await writeFile(file, JSON.stringify(data, null, 2));
    await loadNameTables(dir); // unreviewed: the link claims nothing
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('the media sample is labelled demonstration and carries only placeholder titles', () => {
  assert.equal(tables.media.provenance.kind, 'demonstration');
  assert.match(tables.media.provenance.note, /not real publications/);
  assert.ok(tables.media.publications.length >= 60 && tables.media.publications.length <= 120);
  for (const p of tables.media.publications) {
    assert.match(p.title, /^Demonstration item \d+$/);
    assert.match(p.source, /^demo-source-[a-z]$/);
    assert.ok(p.date >= '2025-11-03' && p.date <= '2025-11-30', p.date);
  }
});

test('table files are key-sorted pretty JSON, so edits give stable diffs', async () => {
  const declarations = (await readdir(join(SOURCES_DIR, 'datasets'))).map((f) => `datasets/${f}`);
  for (const file of [...(await readdir(SOURCES_DIR)), ...declarations].filter(
    (f) => f.endsWith('.json') && f !== 'passports.json',
  )) {
    const text = await readFile(join(SOURCES_DIR, file), 'utf8');
    assert.equal(text, stableJson(JSON.parse(text)), file);
  }
});

test('a broken slug fails naming file, row and field', async () => {
  const err = await loadBroken('regions.json', (d) => {
    d[7].slug = 'Karaganda Region';
  });
  assert.match(
    err.message,
    /^sources\/regions\.json row 7 field slug: must match \^\[a-z0-9-\]\+\$$/m,
  );
  assert.deepEqual(
    err.issues.map((i) => [i.file, i.row, i.field]),
    [['sources/regions.json', 7, 'slug']],
  );
});

test("an alias that is another region's name as resolve compares names (case, script, Kazakh letters) is refused, naming file, row and field", async () => {
  // "Karagandy oblysy" is Karaganda Region's Latin alias "Qaraghandy oblysy" in another spelling: the same search key
  const row = (await loadHandTables(SOURCES_DIR)).regions.findIndex((r) => r.iso === 'KZ-15');
  const err = await loadBroken('regions.json', (d) => {
    d[row].aliases.push('Karagandy oblysy');
  });
  const issue = err.issues.find((i) => i.field.startsWith('aliases['));
  assert.ok(issue, err.message);
  assert.equal(issue.row, row);
  assert.match(issue.message, /KZ-35/);
});

test('a missing nested field is named with its path', async () => {
  const err = await loadBroken('institutions.json', (d) => {
    delete d[30].name.kk;
  });
  assert.match(err.message, /sources\/institutions\.json row 30 field name\.kk: is required/);
});

test('a media row is numbered within publications', async () => {
  const err = await loadBroken('media-sample.json', (d) => {
    d.publications[4].title = 'Akimat opens a new school';
  });
  assert.match(err.message, /sources\/media-sample\.json row 4 field title: must match/);
});

test('an alias naming another unit is refused', async () => {
  const err = await loadBroken('regions.json', (d) => {
    d.find((r: any) => r.iso === 'KZ-75').aliases.push('Almaty Region');
  });
  assert.match(
    err.message,
    /sources\/regions\.json row 18 field aliases\[\d+\]: "Almaty Region" is also a name or alias of KZ-19/,
  );
});

test("a row labelled 'verified' is refused", async () => {
  const err = await loadBroken('events.json', (d) => {
    d[0].review_status = 'verified';
  });
  assert.match(
    err.message,
    /sources\/events\.json row 0 field review_status: must not be 'verified'/,
  );
});

test('an akimat pointing at an unknown region and a duplicate slug are both reported', async () => {
  let err = await loadBroken('institutions.json', (d) => {
    d[0].region_iso = 'KZ-99';
  });
  assert.match(
    err.message,
    /sources\/institutions\.json row 0 field region_iso: KZ-99 is not a region/,
  );
  assert.match(err.message, /no akimat for region KZ-10/);
  err = await loadBroken('regions.json', (d) => {
    d[1].slug = d[0].slug;
  });
  assert.match(err.message, /sources\/regions\.json row 1 field slug: "abai" repeats row 0/);
});

test('a table with the wrong number of institutions is refused', async () => {
  const err = await loadBroken('institutions.json', (d) => {
    d.pop();
  });
  assert.match(
    err.message,
    /sources\/institutions\.json field \(root\): must hold 55 institutions, holds 54/,
  );
});
