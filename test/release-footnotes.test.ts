// Every footnote of the Bureau's tables on exactly the values it covers, an estimate published as an
// estimate on every route (SDMX OBS_STATUS E), and one rounding rule for every table: read from the
// production app serving the real release. The expected reach of each footnote is stated here from
// the footnote's own words (the raw tables, whose passports are in sources/passports.json), not taken from the reader's
// declarations.
import assert from 'node:assert/strict';
import { parse } from 'csv-parse/sync';
import { describe, test } from 'node:test';
import { servedRealRelease } from './support/real-app.js';

interface DataPoint {
  metric: string;
  place: string;
  period: string;
  period_start: string;
  value: number | null;
  status: string;
  note: string | null;
  area?: string;
}

const served = servedRealRelease();
const get = async (path: string): Promise<any> => {
  const res = await fetch(`${served.base()}${path}`);
  assert.equal(res.status, 200, path);
  return res.json();
};
const valued = async (dataset: string): Promise<DataPoint[]> =>
  ((await get(`/data/datasets/${dataset}.json`)).points as DataPoint[]).filter(
    (p) => p.value !== null,
  );
const key = (p: DataPoint) =>
  `${p.metric} ${p.place} ${p.period}${p.area === undefined ? '' : ` ${p.area}`}`;
const year = (p: DataPoint) => Number(p.period_start.slice(0, 4));

/** The values whose note carries footnote `k` (with its words `says`) equal exactly the values `covered` picks. */
function assertReach(
  points: DataPoint[],
  k: string,
  says: RegExp,
  covered: (p: DataPoint) => boolean,
): void {
  const marker = `footnote ${k} of the table: `;
  const noted = points.filter((p) => (p.note ?? '').includes(marker));
  for (const p of noted)
    assert.match(p.note!.slice(p.note!.indexOf(marker)), says, `${key(p)}: footnote ${k}'s text`);
  const expected = points.filter(covered).map(key).sort();
  assert.ok(expected.length > 0, `footnote ${k} covers some value`);
  assert.deepEqual(noted.map(key).sort(), expected, `footnote ${k} reaches exactly its values`);
}

describe('footnotes reach exactly the values they cover', () => {
  test('household expenditure: 2018* on Turkistan and Shymkent 2018, 2022* on the six regions it names in 2022', async () => {
    const points = await valued('household-expenditure');
    assertReach(
      points,
      '2018*',
      /По Туркестанской и город Шымкент приведены оценочные данные/,
      (p) => p.period === '2018' && ['KZ-61', 'KZ-79'].includes(p.place),
    );
    const named2022 = ['KZ-19', 'KZ-35', 'KZ-63', 'KZ-10', 'KZ-33', 'KZ-62'];
    assertReach(
      points,
      '2022*',
      /оценочные данные/,
      (p) => p.period === '2022' && named2022.includes(p.place),
    );
  });

  test('quarterly unemployment: 1) on every value, 2) from the 2015 annual column on, 3) on the Turkistan and Shymkent values of 2010-2017 only', async () => {
    const points = await valued('unemployment-quarterly');
    assertReach(points, '1)', /sample servey of population employment/, () => true);
    // "year2)" heads the 2015 annual column; its quarters stand before it in the table
    assertReach(
      points,
      '2)',
      /^footnote 2\) of the table: Hereinafter/,
      (p) => p.period === '2015' || year(p) >= 2016,
    );
    assertReach(
      points,
      '3)',
      /from 2010 to 2017 estimates/,
      (p) => ['KZ-61', 'KZ-79'].includes(p.place) && year(p) >= 2010 && year(p) <= 2017,
    );
  });

  test('schools: 1) from the school year 2014/15, 2) on urban and rural counts up to 2007/08, * on Turkistan 2000/01-2017/18 only', async () => {
    const points = await valued('schools');
    assertReach(points, '1)', /С 2014 года .*данные собираются МОН РК/, (p) => year(p) >= 2014);
    assertReach(
      points,
      '2)',
      /без вечерних общеобразовательных школ/,
      (p) => p.area !== '_T' && year(p) <= 2007,
    );
    assertReach(
      points,
      '*',
      /Данные за 2000-2017 гг\. по Южно-Казахстанской области.*without Shymkent city/,
      (p) => p.place === 'KZ-61' && year(p) <= 2017,
    );
  });

  test("doctors: * (the Ministry of Health's figures) on 2008-2010 and from 2014, every place", async () => {
    const points = await valued('doctors');
    assertReach(
      points,
      '*',
      /За 2008-2010гг\. и с 2014 года по данным Министерства здравоохранения/,
      (p) => (year(p) >= 2008 && year(p) <= 2010) || year(p) >= 2014,
    );
  });

  test('bus transport: 1) and the number-plate reading from 2005 on the two stock tables only, * on every passenger value', async () => {
    const points = await valued('bus-transport');
    const stock = (p: DataPoint) =>
      ['buses_in_stock', 'buses_individual_owners'].includes(p.metric);
    assertReach(
      points,
      '1)',
      /По данным Министерства внутренних дел РК.*number plate/,
      (p) => stock(p) && year(p) >= 2005,
    );
    for (const p of points)
      assert.equal(
        /number plate/.test(p.note ?? ''),
        stock(p) && year(p) >= 2005,
        `${key(p)}: plate note`,
      );
    assertReach(points, '*', /С учетом оценки объемов работы/, (p) => !stock(p));
    assertReach(
      points,
      '2)',
      /дипломатических номеров/,
      (p) => p.place === 'KZ' && stock(p) && ['2021', '2022'].includes(p.period),
    );
  });

  test('GRP per capita: 1) on the whole table, 2) on Turkistan and Shymkent in 2018 only, 3) and 4) on the regions they name in their period', async () => {
    const points = await valued('grp-per-capita');
    assertReach(points, '1)', /расчеты ВРП по кварталам/, () => true);
    assertReach(
      points,
      '2)',
      /в составе Южно-Казахстанской области/,
      (p) => ['KZ-61', 'KZ-79'].includes(p.place) && year(p) === 2018,
    );
    assertReach(
      points,
      '3)',
      /13 февраля 2020 года обновлены/,
      (p) => p.period === '2019-9M' && ['KZ-55', 'KZ-59', 'KZ-61'].includes(p.place),
    );
    assertReach(
      points,
      '4)',
      /за 1 полугодие 2022 года был пересчитан/,
      (p) => p.period === '2022-H1' && ['KZ-55', 'KZ-59', 'KZ-61', 'KZ-62'].includes(p.place),
    );
  });
});

describe('an estimate is an estimate on every route', () => {
  const ESTIMATES: Record<string, string[]> = {
    household_money_expenditure_per_capita: [
      'KZ-61 2018',
      'KZ-79 2018',
      'KZ-19 2022',
      'KZ-35 2022',
      'KZ-63 2022',
      'KZ-10 2022',
      'KZ-33 2022',
      'KZ-62 2022',
    ],
    unemployment_rate_quarterly: ['KZ-61', 'KZ-79'].flatMap((place) =>
      [2010, 2011, 2012, 2013, 2014, 2015, 2016, 2017].map((y) => `${place} ${y}`),
    ),
  };

  test('the household estimates of 2018* and 2022* and the 2010-2017 unemployment estimates have status estimate in /data/ and v1, and no other value', async () => {
    for (const [dataset, metric] of [
      ['household-expenditure', 'household_money_expenditure_per_capita'],
      ['unemployment-quarterly', 'unemployment_rate_quarterly'],
    ] as const) {
      const points = await valued(dataset);
      const estimates = points
        .filter((p) => p.status === 'estimate')
        .map((p) => `${p.place} ${p.period}`);
      assert.deepEqual(estimates.sort(), [...ESTIMATES[metric]!].sort(), dataset);
      for (const id of ESTIMATES[metric]!) {
        const [place, period] = id.split(' ');
        const v1 = await get(`/api/v1/observations/observation:${metric}:${place}:${period}`);
        assert.equal(v1.data.status, 'estimate', `v1 ${metric} ${id}`);
      }
    }
  });

  test('SDMX gives them OBS_STATUS E, a code of CL_OBS_STATUS', async () => {
    const csv = async (path: string) => {
      const res = await fetch(`${served.base()}${path}`, { headers: { accept: 'text/csv' } });
      assert.equal(res.status, 200, path);
      return parse(await res.text(), { columns: true }) as Record<string, string>[];
    };
    const household = await csv(
      '/sdmx/2.1/data/household_money_expenditure_per_capita/A.KZ-61+KZ-79+KZ-19?startPeriod=2018',
    );
    // PERIOD_LABEL is Dala's period label (a year in a quarterly series is a range in TIME_PERIOD)
    const status = (rows: Record<string, string>[], area: string, period: string) =>
      rows.find((r) => r.REF_AREA === area && (r.PERIOD_LABEL || r.TIME_PERIOD) === period)
        ?.OBS_STATUS;
    assert.equal(status(household, 'KZ-61', '2018'), 'E');
    assert.equal(status(household, 'KZ-19', '2022'), 'E');
    assert.equal(status(household, 'KZ-19', '2021'), 'A');
    const unemployment = await csv(
      '/sdmx/2.1/data/unemployment_rate_quarterly/.KZ-79?startPeriod=2016&endPeriod=2018',
    );
    assert.equal(status(unemployment, 'KZ-79', '2017'), 'E');
    assert.equal(status(unemployment, 'KZ-79', '2018'), 'A');
    const codes = await (
      await fetch(`${served.base()}/sdmx/2.1/codelist/DALA/CL_OBS_STATUS`)
    ).text();
    assert.match(codes, /<str:Code id="E"/);
  });
});

describe('one rounding rule, said exactly', () => {
  test('cells holding more decimals than their table displays are published as displayed in every table, and the catalog says that rule', async () => {
    const household = (await valued('household-expenditure')).find(
      (p) => p.place === 'KZ' && p.period === '2001',
    )!;
    assert.equal(household.value, 4918, 'household 2001: 4917.916666666667 shown as 4,918');
    assert.match(
      household.note ?? '',
      /the cell holds 4917\.916666666667; the table displays it to 0 decimals/,
    );
    const rate = (await valued('unemployment-quarterly')).find(
      (p) => p.place === 'KZ' && p.period === '2006-Q1',
    )!;
    assert.equal(rate.value, 8.2, 'unemployment 2006 Q1: 8.217621857179266 shown as 8.2');
    const bus = (await valued('bus-transport')).find(
      (p) => p.metric === 'bus_passengers' && p.place === 'KZ' && p.period === '2019',
    )!;
    assert.equal(bus.value, 17532.1, 'bus passengers 2019: 17532.138890000002 shown as 17 532.1');
    for (const dataset of [
      'household-expenditure',
      'unemployment-quarterly',
      'bus-transport',
      'environment',
    ]) {
      for (const p of await valued(dataset)) {
        const decimals = (String(p.value).split('.')[1] ?? '').length;
        assert.ok(
          decimals <= 2,
          `${dataset} ${key(p)}: ${p.value} has more decimals than any of its tables displays`,
        );
      }
    }
    const catalog = await get('/data/dataset-catalog.json');
    for (const d of catalog.datasets.filter((x: any) => x.quality_status === 'official'))
      assert.match(
        d.publication_limits,
        /Every number is published as its table displays it/,
        d.id,
      );
  });
});
