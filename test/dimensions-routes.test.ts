// Indicators with dimensions on the served real release: life expectancy is one indicator by sex and
// urban/rural; v1 observations, the indicator, the time-slice series and snapshot filter by sex=,
// area=, age= (totals by default); bad codes and dimensions an indicator lacks are 400 with what is
// allowed; the seven former ids keep answering, marked deprecated (RFC 9745) with their successor;
// the time-slice CSVs name each row's indicator and carry one column per dimension.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import { servedRealRelease } from './support/real-app.js';

describe('dimensions on every route of the real release', () => {
  const served = servedRealRelease();

  const get = async (path: string, status = 200) => {
    const res = await fetch(`${served.base()}${path}`);
    assert.equal(res.status, status, `${path}: ${res.status}`);
    return {
      res,
      body: res.headers.get('content-type')?.includes('json')
        ? ((await res.json()) as any)
        : await res.text(),
    };
  };
  const obs = (q: string) => get(`/api/v1/observations?${q}`).then((r) => r.body.data as any[]);
  const cells = (list: any[]) =>
    list.map((o) => `${o.dimensions.sex}/${o.dimensions.area} ${o.value}`).sort();

  test('observations of life expectancy are the totals unless a dimension is filtered, and name their dimensions', async () => {
    const totals = await obs('indicator=life_expectancy&place=KZ&period=2022');
    assert.deepEqual(cells(totals), ['_T/_T 74.44']);
    assert.equal(totals[0].indicator, 'indicator:life_expectancy');
  });

  test('sex= and area= take several codes each, comma-separated or repeated', async () => {
    // workbook sheets "Мужчины"/"Женщины", national rows of the total, urban and rural blocks, 2022
    assert.deepEqual(cells(await obs('indicator=life_expectancy&place=KZ&period=2022&sex=M,F')), [
      'F/_T 78.41',
      'M/_T 70.26',
    ]);
    assert.deepEqual(
      cells(await obs('indicator=life_expectancy&place=KZ&period=2022&sex=F&area=U&area=R')),
      ['F/R 77.91', 'F/U 78.66'],
    );
    const all = await obs('indicator=life_expectancy&place=KZ&period=2022&sex=_T,M,F&area=_T,U,R');
    assert.equal(
      all.length,
      7,
      'both sexes have no urban/rural split in the workbook: 1 + 2 x 3 series',
    );
  });

  test('an unknown code is 400 with the allowed codes; a dimension the indicator lacks is 400 naming its dimensions', async () => {
    const bad = (await get('/api/v1/observations?indicator=life_expectancy&sex=W', 400)).body;
    assert.equal(bad.code, 'unknown_dimension_code');
    assert.deepEqual(bad.allowed_values, ['_T', 'M', 'F']);
    const age = (await get('/api/v1/observations?indicator=life_expectancy&age=Y0T15', 400)).body;
    assert.equal(age.code, 'dimension_not_applicable');
    assert.deepEqual(age.dimensions, ['sex', 'area']);
    const grp = (await get('/api/v1/observations?indicator=grp&area=U', 400)).body;
    assert.equal(grp.code, 'dimension_not_applicable');
    assert.deepEqual(grp.dimensions, []);
    const series = (await get('/api/timemachine/series?metric=life_expectancy&area=X', 400)).body;
    assert.equal(series.code, 'unknown_dimension_code');
  });

  test('the CSV of observations has one column per dimension', async () => {
    const csv = (
      await get(
        '/api/v1/observations?indicator=life_expectancy&place=KZ&period=2022&sex=M&area=R&format=csv',
      )
    ).body as string;
    const [header, row] = csv.trim().split('\r\n');
    const cols = header!.split(',');
    assert.ok(cols.includes('sex') && cols.includes('area'), header);
    const values = row!.split(',');
    assert.equal(values[cols.indexOf('sex')], 'M');
    assert.equal(values[cols.indexOf('area')], 'R');
  });

  test('the indicator lists its dimensions with the SDMX concept and kk/ru/en names of each code it has', async () => {
    const ind = (await get(`/api/v1/indicators/${encodeURIComponent('indicator:life_expectancy')}`))
      .body.data;
    assert.deepEqual(
      ind.dimensions.map((d: any) => [d.id, d.concept, d.codes.map((c: any) => c.code)]),
      [
        ['sex', 'SEX', ['_T', 'M', 'F']],
        ['area', 'URBANISATION', ['_T', 'U', 'R']],
      ],
    );
    assert.deepEqual(ind.dimensions[0].codes[2].names, {
      en: 'Female',
      ru: 'Женщины',
      kk: 'Әйелдер',
    });
    const list = (await get('/api/v1/indicators?limit=100')).body.data as any[];
    assert.ok(
      !list.some((i) => i.id.includes(';') || i.id === 'indicator:life_expectancy_female_rural'),
      'breakdowns are not indicators',
    );
  });

  test('a former id answers its breakdown on v1 and the time slice, marked deprecated with its successor', async () => {
    const { res, body } = await get(
      '/api/v1/observations?indicator=life_expectancy_female_rural&place=KZ&period=2022',
    );
    assert.deepEqual(cells(body.data), ['F/R 77.91']);
    assert.match(res.headers.get('deprecation') ?? '', /^@\d+$/);
    assert.match(
      res.headers.get('link') ?? '',
      /<\/api\/v1\/indicators\/indicator:life_expectancy>; rel="successor-version"/,
    );
    assert.match(body.meta.note, /deprecated id of indicator life_expectancy/);
    const old = await get(
      '/api/timemachine/series?metric=life_expectancy_male_urban&place=KZ&start_date=2020-01-01',
    );
    const now = await get(
      '/api/timemachine/series?metric=life_expectancy&sex=M&area=U&place=KZ&start_date=2020-01-01',
    );
    assert.deepEqual(old.body.series, now.body.series);
    assert.equal(now.body.metric.indicator, 'life_expectancy');
    assert.deepEqual(now.body.metric.dimensions, { area: 'U', sex: 'M' });
    assert.match(old.res.headers.get('deprecation') ?? '', /^@\d+$/);
    assert.equal(now.res.headers.get('deprecation'), null);
    const again = await get(
      '/api/timemachine/series?metric=life_expectancy_male_urban&place=KZ&start_date=2020-01-01',
    );
    assert.match(
      again.res.headers.get('deprecation') ?? '',
      /^@\d+$/,
      'an answer from the cache keeps its Deprecation header',
    );
    const redirect = await fetch(
      `${served.base()}/api/v1/indicators/${encodeURIComponent('indicator:life_expectancy_male')}`,
      { redirect: 'manual' },
    );
    assert.equal(redirect.status, 308);
    assert.match(redirect.headers.get('location') ?? '', /indicator:life_expectancy$/);
    assert.match(redirect.headers.get('deprecation') ?? '', /^@\d+$/);
  });

  test('a filtered snapshot holds only the series at those codes; an unfiltered one every series of the layers', async () => {
    const women = (
      await get('/api/timemachine/snapshot?date=2022-12-31&layers=health&sex=F&place=KZ')
    ).body;
    assert.deepEqual(
      women.metrics.map((m: any) => [m.id, m.dimensions]),
      [['life_expectancy;sex=F', { area: '_T', sex: 'F' }]],
    );
    assert.deepEqual(
      women.points.map((p: any) => [p.metric, p.value]),
      [['life_expectancy;sex=F', 78.41]],
    );
    const all = (await get('/api/timemachine/snapshot?date=2022-12-31&layers=health&place=KZ'))
      .body;
    assert.equal(all.points.filter((p: any) => p.metric.startsWith('life_expectancy')).length, 7);
  });
  // a CSV body as records of cells (csv-parse refuses a record whose cell count differs from the header's)
  const csvOf = async (path: string) => parse((await get(path)).body as string) as string[][];
  const asCells = (value: unknown) => (value === null ? '' : String(value));

  test('the snapshot CSV filtered by sex names the indicator and codes of every row, row for row as the JSON points', async () => {
    const query = 'date=2022-12-31&sex=F';
    const json = (await get(`/api/timemachine/snapshot?${query}`)).body;
    const [header, ...rows] = await csvOf(`/api/timemachine/snapshot?${query}&format=csv`);
    assert.deepEqual(header, [
      'metric',
      'place',
      'period',
      'period_start',
      'period_end',
      'value',
      'null_reason',
      'status',
      'unit',
      'source_id',
      'note',
      'indicator',
      'sex',
      'area',
      // the SDG platform's indicators by sex and age are among the answer's series
      'age',
    ]);
    const series = new Map(json.metrics.map((m: any) => [m.id, m]));
    assert.deepEqual(
      rows,
      json.points.map((p: any) => {
        const m: any = series.get(p.metric);
        return [
          ...header!.slice(0, 11).map((c) => asCells(p[c])),
          m.indicator,
          m.dimensions.sex ?? '',
          m.dimensions.area ?? '',
          m.dimensions.age ?? '',
        ];
      }),
    );
    const life = rows.filter((r) => r[0]!.startsWith('life_expectancy'));
    assert.equal(
      life.length,
      22,
      'the country, the 20 regions and the former South Kazakhstan region',
    );
    for (const r of life)
      assert.deepEqual(r.slice(11), ['life_expectancy', 'F', '_T', ''], r.join(','));
  });

  test('the series CSV of a breakdown names its series key, indicator and codes on every row, the same by its former id', async () => {
    const query = 'place=KZ&start_date=2018-01-01';
    const json = (await get(`/api/timemachine/series?metric=life_expectancy&sex=F&area=R&${query}`))
      .body;
    const [header, ...rows] = await csvOf(
      `/api/timemachine/series?metric=life_expectancy&sex=F&area=R&${query}&format=csv`,
    );
    assert.deepEqual(header!.slice(-4), ['metric', 'indicator', 'sex', 'area']);
    assert.deepEqual(
      rows.map((r) => [r[header!.indexOf('period')], r[header!.indexOf('value')]]),
      json.series[0].points.map((p: any) => [p.period, asCells(p.value)]),
    );
    assert.ok(rows.length >= 4);
    for (const r of rows)
      assert.deepEqual(r.slice(-4), ['life_expectancy;sex=F;area=R', 'life_expectancy', 'F', 'R']);
    assert.deepEqual(
      await csvOf(
        `/api/timemachine/series?metric=life_expectancy_female_rural&${query}&format=csv`,
      ),
      [header, ...rows],
    );
    assert.deepEqual(
      await csvOf(
        '/api/timemachine/series?metric=life_expectancy&sex=F&area=R&place=KZ&start_date=2030-01-01&format=csv',
      ),
      [header],
      'an answer without points keeps its header',
    );
    const [grp] = await csvOf(`/api/timemachine/series?metric=grp&${query}&format=csv`);
    assert.deepEqual(
      grp!.slice(-2),
      ['metric', 'indicator'],
      'an indicator without dimensions has no dimension columns',
    );
  });

  test('an unfiltered snapshot CSV is rectangular, with a column per dimension of its indicators (empty where one has none)', async () => {
    const [header, ...rows] = await csvOf('/api/timemachine/snapshot?date=2023-12-31&format=csv');
    assert.deepEqual(header!.slice(-4), ['indicator', 'sex', 'area', 'age']);
    assert.ok(rows.length > 2000);
    const at = (r: string[], c: string) => r[header!.indexOf(c)];
    const working = rows.find(
      (r) => at(r, 'metric') === 'population_working_age_groups;sex=M;age=Y_GE63',
    )!;
    assert.deepEqual(working.slice(-4), ['population_working_age_groups', 'M', '', 'Y_GE63']);
    const schools = rows.find((r) => at(r, 'metric') === 'general_education_schools')!;
    assert.deepEqual(schools.slice(-4), ['general_education_schools', '', '_T', '']);
    assert.deepEqual(rows.find((r) => at(r, 'metric') === 'grp')!.slice(-4), ['grp', '', '', '']);
    const [economy] = await csvOf(
      '/api/timemachine/snapshot?date=2023-12-31&layers=economy&format=csv',
    );
    assert.equal(
      economy!.at(-1),
      'indicator',
      'layers without a dimensional indicator get no dimension columns',
    );
  });
  test('the /data/ tables of several indicators give each row its codes beside its former label, empty where its indicator has none', async () => {
    const v1 = (await obs('indicator=life_expectancy&sex=F&area=R&place=KZ-10&period=2022'))[0];
    for (const [file, label] of [
      ['public-observations.csv', 'indicator'],
      ['official-regional-indicators.csv', 'indicator'],
    ] as const) {
      const [header, ...rows] = await csvOf(`/data/${file}`);
      assert.deepEqual(header!.slice(-2), ['sex', 'area'], file);
      const at = (r: string[], c: string) => r[header!.indexOf(c)];
      const codes = (metric: string) =>
        rows.filter((r) => at(r, label) === metric).map((r) => `${at(r, 'sex')}/${at(r, 'area')}`);
      assert.deepEqual([...new Set(codes('life_expectancy_female_rural'))], ['F/R'], file);
      assert.deepEqual([...new Set(codes('life_expectancy_male'))], ['M/_T'], file);
      assert.deepEqual([...new Set(codes('life_expectancy'))], ['_T/_T'], file);
      assert.deepEqual([...new Set(codes('grp'))], ['/'], file);
      const abai = rows.find(
        (r) => at(r, label) === 'life_expectancy_female_rural' && r.includes('KZ-10'),
      )!;
      assert.equal(
        Number(at(abai, 'value')),
        v1.value,
        `${file}: the same cell as the API's F/R observation`,
      );
    }
  });
});
