// The registry (docs/architecture.md "The registry"): every table declared once in
// sources/datasets/, validated by its JSON Schema and cross-checked, with faults named by file and
// field; and the period headers its rules describe.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SOURCES_DIR } from '../src/lib/config.js';
import { loadRegistry } from '../src/sources/registry/load.js';
import { periodParser } from '../src/sources/registry/periods.js';
import { HandTableError } from '../src/sources/table-issue.js';
import { snapshot } from './support/registry.js';
import { tempDir } from './support/temp-dir.js';

/** Copies sources/ to a temp dir, lets `edit` change one file, and returns what loading the registry throws (null: nothing). */
async function loadEdited(file: string, edit: (data: any) => void): Promise<unknown> {
  const dir = tempDir('dala-registry-');
  try {
    await cp(SOURCES_DIR, dir, { recursive: true });
    if (edit.length > 0) {
      const data = JSON.parse(await readFile(join(dir, file), 'utf8'));
      edit(data);
      await writeFile(join(dir, file), JSON.stringify(data, null, 2));
    }
    return await loadRegistry(dir, snapshot).then(
      () => null,
      (e: unknown) => e,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function refused(file: string, edit: (data: any) => void): Promise<string> {
  const err = await loadEdited(file, edit);
  assert.ok(err instanceof HandTableError, `expected a HandTableError, got ${String(err)}`);
  return err.message;
}

test('the registry declares every indicator once, each with a layer and topics of its scheme', async () => {
  const registry = await loadRegistry(SOURCES_DIR, snapshot);
  const ids = registry.indicators.map((i) => i.id);
  assert.equal(new Set(ids).size, ids.length);
  const topics = new Set(registry.topics.topics.map((t) => t.id));
  const layers = new Set(registry.layers.map((l) => l.id));
  for (const i of registry.indicators) {
    assert.ok(layers.has(i.layer), i.id);
    assert.ok(i.topics.length > 0 && i.topics.every((t) => topics.has(t)), i.id);
  }
  // a declaration's file name orders it and names its dataset
  const files = (await readdir(join(SOURCES_DIR, 'datasets'))).sort();
  assert.deepEqual(
    registry.datasets.map((d) => d.file),
    files.map((f) => `datasets/${f}`),
  );
  for (const d of registry.datasets)
    assert.match(d.file, new RegExp(`^datasets/\\d{3}-${d.id}\\.json$`));
});

test('an indicator whose topic is not in the scheme is refused, naming the declaration and the field', async () => {
  const message = await refused('datasets/070-doctors.json', (d) => {
    d.tables[0].indicators[0].topics = ['medicine'];
  });
  assert.match(
    message,
    /sources\/datasets\/070-doctors\.json field indicators\.doctors\.topics: "medicine" is not a topic/,
  );
});

test('a reader naming a metric its table does not declare is refused, and so is a declared indicator it never yields', async () => {
  const message = await refused('datasets/070-doctors.json', (d) => {
    d.tables[0].reader.sheets[0].blocks[0].metric = 'physicians';
  });
  assert.match(
    message,
    /070-doctors\.json field reader: names metric "physicians", which is no indicator of its table/,
  );
  assert.match(
    message,
    /070-doctors\.json field indicators\.doctors: its table's reader yields no "doctors"/,
  );
});

test("a reader's parameters are checked against its kind's schema", async () => {
  const message = await refused('datasets/160-schools.json', (d) => {
    d.tables[0].reader.period[0].as = 'decade';
    d.tables[0].reader.labelMarker = '(';
  });
  assert.match(
    message,
    /160-schools\.json field tables\[0\]\.reader\.period\[0\]\.as: must be one of/,
  );
  assert.match(
    message,
    /160-schools\.json field tables\[0\]\.reader\.labelMarker: must match format "regex"/,
  );
});

test('an indicator declared twice, or a declaration named otherwise than NNN-<dataset>.json, is refused', async () => {
  const twice = await refused('datasets/160-schools.json', (d) => {
    d.tables[0].indicators[0].id = 'doctors';
  });
  assert.match(
    twice,
    /indicator id "doctors" is declared twice \(first in sources\/datasets\/070-doctors\.json\)/,
  );
  const dir = tempDir('dala-registry-');
  try {
    await cp(SOURCES_DIR, dir, { recursive: true });
    await writeFile(join(dir, 'datasets/doctors.json'), '{}');
    await assert.rejects(
      loadRegistry(dir, snapshot),
      /sources\/datasets\/doctors\.json field \(file\): a declaration is named NNN-<dataset id>\.json/,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test("a reviewed indicator name read on a mirror is refused (an indicator's review claims hold as any hand row's)", async () => {
  const message = await refused('datasets/040-health.json', (d) => {
    d.tables[0].indicators[0].name_review.ru = {
      status: 'reviewed',
      url: 'https://news.mail.ru/economics/1/',
      read_on: '2026-11-25',
      confirmed: 'a repost',
    };
  });
  assert.match(
    message,
    /040-health\.json field indicators\.life_expectancy\.name_review\.ru\.url: .* is on news\.mail\.ru/,
  );
});

test('period rules read headers as the Bureau means them: years, footnote keys, totals from 1 January, quarters under a year, instants, school years', () => {
  const household = periodParser([
    { match: '^(?<year>\\d{4})\\*$', as: 'year', marker: 'text' },
    { match: '^(?<year>\\d{4})$', as: 'year' },
  ]);
  assert.deepEqual(household('2018*', null), {
    bounds: { period: '2018', period_start: '2018-01-01', period_end: '2018-12-31' },
    markers: ['2018*'],
  });
  assert.deepEqual(household('2017', null)?.markers, []);
  assert.equal(household('2018**', null), null);
  const grp = periodParser([
    {
      match: '^(?<label>I квартал|I полугодие|9 месяцев) ?(?<year>\\d{4}) ?года(?<marker>\\d\\))?$',
      as: 'cumulative',
      labels: { 'I квартал': 'Q1', 'I полугодие': 'H1', '9 месяцев': '9M' },
    },
  ]);
  assert.deepEqual(grp('I полугодие 2022 года4)', null), {
    bounds: { period: '2022-H1', period_start: '2022-01-01', period_end: '2022-06-30' },
    markers: ['4)'],
  });
  const quarters = periodParser([
    {
      match: '^(?<label>I quarter|III квартал|year)(?<marker>\\d\\))?$',
      as: 'quarter',
      yearFrom: 'above',
      labels: { 'I quarter': 'Q1', 'III квартал': 'Q3', year: 'year' },
    },
  ]);
  assert.equal(quarters('III квартал', '2018')?.bounds.period, '2018-Q3');
  assert.deepEqual(quarters('year2)', '2015'), {
    bounds: { period: '2015', period_start: '2015-01-01', period_end: '2015-12-31' },
    markers: ['2)'],
  });
  assert.equal(quarters('I quarter', null), null, 'a quarter with no year above is no period');
  const instant = periodParser([{ match: '^(?<year>\\d{4})$', as: 'instant', at: '01-01' }]);
  assert.equal(instant('2023', null)?.bounds.period_end, '2023-01-01');
  const school = periodParser([{ match: '^(?<year>\\d{4})/(?<next>\\d{2})$', as: 'school-year' }]);
  assert.equal(school('2022/23', null)?.bounds.period, '2022/23');
  assert.equal(school('2022/24', null), null, 'the second year must follow the first');
});

test('a table whose indicators come from its reader derives them from the snapshot, and only a reader that can says so', async () => {
  const registry = await loadRegistry(SOURCES_DIR, snapshot);
  const sdg = registry.tables.find((t) => t.dataset === 'sdg-platform')!;
  // the declaration lists none: every one is derived from the platform's metadata
  assert.ok(sdg.indicators.length >= 400, `${sdg.indicators.length} derived`);
  assert.ok(registry.indicators.length >= 200);
  const u5 = sdg.indicators.find((i) => i.id === 'sdg_3_2_1')!;
  assert.equal(u5.notation, '3.2.1');
  assert.equal(u5.name.ru, 'Коэффициент смертности детей в возрасте до пяти лет');
  assert.deepEqual(u5.topics, ['sdg-3']);
  assert.deepEqual(u5.dimensions, ['sex', 'area']);
  const message = await refused('datasets/070-doctors.json', (d) => {
    d.tables[0].indicators = 'from-reader';
  });
  assert.match(
    message,
    /070-doctors\.json field indicators: the year-grid reader derives no indicators: list them/,
  );
  await assert.rejects(
    loadRegistry(SOURCES_DIR),
    /180-sdg-platform\.json: its indicators come from its snapshot kazstat-sdg\/, and the registry was loaded without the snapshot directory/,
  );
});
