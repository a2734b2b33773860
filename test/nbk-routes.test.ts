// The national daily and monthly series of snapshots/nbk on the served real release: every row of
// each raw file (read here with a plain split, independently of the reader) is its point on both API
// families; the rate is a business-day series (a weekend snapshot gives the last fixing with its own
// date, a missing weekday is null with a reason, a month is the mean of its business days); the base
// rate is a step function (the rate in force on each day, a month's value the rate at its end).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { snapshotsDir } from '../src/lib/config.js';
import { servedRealRelease } from './support/real-app.js';

/** The raw rows: CRLF lines, a header, then date,value,level. */
function raw(file: string): { date: string; value: number }[] {
  const text = readFileSync(join(snapshotsDir(), 'nbk', file), 'utf8');
  const [header, ...lines] = text.split('\r\n').filter((l) => l !== '');
  assert.equal(header, 'date,value,transformation', file);
  return lines.map((l) => {
    const [date, value, level] = l.split(',');
    assert.equal(level, 'level');
    return { date: date!, value: Number(value) };
  });
}

const RATE = raw('exchange_rate_usd_kzt_daily.csv');
const DECISIONS = raw('base_rate_decisions.csv');
const weekday = (d: string) => new Date(`${d}T00:00:00Z`).getUTCDay();

describe('the nbk national series on every route of the real release', () => {
  const served = servedRealRelease();

  const get = async (path: string) => {
    const res = await fetch(`${served.base()}${path}`);
    assert.equal(res.status, 200, path);
    return (await res.json()) as any;
  };
  const points = async (q: string) =>
    ((await get(`/api/timemachine/series?place=KZ&${q}`)).series[0]?.points as any[]) ?? [];

  test('every row of the USD/KZT file is its business-day point; a weekday the file lacks is null with a reason', async () => {
    assert.equal(RATE.length, 1381);
    const all = await points('metric=usd_kzt_rate');
    const byDay = new Map(all.map((p) => [p.period, p]));
    for (const r of RATE) assert.equal(byDay.get(r.date)?.value, r.value, r.date);
    const extra = all.filter((p) => !RATE.some((r) => r.date === p.period));
    assert.equal(extra.length, 22, 'the weekdays of the source gaps');
    for (const p of extra) {
      assert.equal(p.value, null, p.period);
      assert.match(p.null_reason, /no rate for this weekday in the source file/);
      assert.ok(weekday(p.period) >= 1 && weekday(p.period) <= 5, p.period);
    }
    assert.ok(!all.some((p) => p.value === 0));
  });

  test('series?granularity=day over a week gives the business days with the rate of each; a gap week gives nulls, never zero', async () => {
    const week = await points(
      'metric=usd_kzt_rate&granularity=day&start_date=2024-01-15&end_date=2024-01-21',
    );
    const expected = RATE.filter((r) => r.date >= '2024-01-15' && r.date <= '2024-01-21');
    assert.equal(expected.length, 5);
    assert.deepEqual(
      week.map((p) => [p.period, p.value]),
      expected.map((r) => [r.date, r.value]),
    );
    const gap = await points(
      'metric=usd_kzt_rate&granularity=day&start_date=2023-07-31&end_date=2023-08-06',
    );
    assert.deepEqual(
      gap.map((p) => p.value),
      [null, null, null, null, null],
    );
  });

  test('a month of the rate is the mean of its business days, and says so', async () => {
    const months = await get(
      '/api/timemachine/series?place=KZ&metric=usd_kzt_rate&granularity=month&start_date=2024-01-01&end_date=2024-03-31',
    );
    assert.equal(months.aggregation, 'business-day-mean');
    for (const m of months.series[0].points) {
      const days = RATE.filter((r) => r.date.startsWith(m.period));
      assert.equal(m.from_count, days.length, m.period);
      assert.ok(
        Math.abs(m.value - days.reduce((s, r) => s + r.value, 0) / days.length) < 1e-9,
        m.period,
      );
    }
  });

  test('a bucket counts and names only the fixings it averages: August 2023 of a source gap, the year 2023, weeks with none', async () => {
    const fixings = (from: string, to: string) =>
      RATE.filter((r) => r.date >= from && r.date <= to && weekday(r.date) % 6 !== 0);
    const series = async (q: string) =>
      (await get(`/api/timemachine/series?place=KZ&metric=usd_kzt_rate&include=from_periods&${q}`))
        .series[0].points as any[];
    const [august] = await series('granularity=month&start_date=2023-08-01&end_date=2023-08-31');
    const days = fixings('2023-08-01', '2023-08-31');
    assert.equal(days.length, 4, 'the source has four August 2023 fixings');
    assert.deepEqual(
      august.from_periods,
      days.map((r) => r.date),
    );
    assert.equal(august.from_count, 4);
    assert.ok(Math.abs(august.value - days.reduce((s, r) => s + r.value, 0) / 4) < 1e-9);
    const [year] = await series('granularity=year&start_date=2023-01-01&end_date=2023-12-31');
    assert.equal(year.from_count, fixings('2023-01-01', '2023-12-31').length);
    assert.deepEqual(
      year.from_periods,
      fixings('2023-01-01', '2023-12-31').map((r) => r.date),
    );
    // ISO weeks 31 to 33 of 2023 fall in the source's gap: null, made of no fixing
    const weeks = await series('granularity=week&start_date=2023-07-31&end_date=2023-08-20');
    assert.deepEqual(
      weeks.map((w) => [w.period, w.value, w.from_count, w.from_periods.length]),
      [
        ['2023-W31', null, 0, 0],
        ['2023-W32', null, 0, 0],
        ['2023-W33', null, 0, 0],
      ],
    );
  });

  test("a month holding the source's weekend rows is the mean of its business days only, as the indicator defines it", async () => {
    const [month] = (
      await get(
        '/api/timemachine/series?place=KZ&metric=usd_kzt_rate&granularity=month&start_date=2026-08-01&end_date=2026-08-31&include=from_periods',
      )
    ).series[0].points;
    const business = RATE.filter((r) => r.date.startsWith('2026-08') && weekday(r.date) % 6 !== 0);
    assert.equal(business.length, 21);
    assert.ok(
      RATE.some((r) => r.date === '2026-08-22'),
      'the source holds a Saturday',
    );
    assert.deepEqual(
      month.from_periods,
      business.map((r) => r.date),
    );
    assert.equal(Number(month.value.toFixed(4)), 464.5514);
    assert.doesNotMatch(month.note ?? '', /weekend/);
  });

  test('a snapshot on a weekend carries the last fixing with its own date', async () => {
    const snap = await get('/api/timemachine/snapshot?date=2024-01-20&layers=finance&place=KZ');
    const rate = snap.points.find((p: any) => p.metric === 'usd_kzt_rate');
    const friday = RATE.filter((r) => r.date <= '2024-01-20').at(-1)!;
    assert.equal(friday.date, '2024-01-19');
    assert.deepEqual([rate.period, rate.value], [friday.date, friday.value]);
  });

  test('the base rate is a step function: each day has the rate of the last decision on or before it, a month the rate at its end', async () => {
    const inForce = (d: string) => DECISIONS.filter((r) => r.date <= d).at(-1)?.value;
    const days = await points('metric=base_rate&start_date=2024-10-01&end_date=2026-12-31');
    assert.equal(days[0].period, DECISIONS[0]!.date, 'nothing before the first decision');
    for (const p of days) assert.equal(p.value, inForce(p.period), p.period);
    for (const r of DECISIONS)
      assert.match(days.find((p) => p.period === r.date).note, new RegExp(`decision of ${r.date}`));
    const months = await get('/api/timemachine/series?place=KZ&metric=base_rate&granularity=month');
    assert.equal(months.aggregation, 'last');
    for (const m of months.series[0].points)
      assert.equal(
        m.value,
        inForce(m.period_end > days.at(-1).period ? days.at(-1).period : m.period_end),
        m.period,
      );
    const snap = await get('/api/timemachine/snapshot?date=2025-02-01&layers=finance&place=KZ');
    assert.equal(
      snap.points.find((p: any) => p.metric === 'base_rate').value,
      15.25,
      'in force since the decision of 2025-01-20',
    );
  });

  test('every row of both CPI files is its month on v1 observations', async () => {
    for (const [file, indicator] of [
      ['cpi_monthly_index_prev_month_100.csv', 'cpi_prev_month'],
      ['cpi_monthly_index_same_month_prev_year_100.csv', 'cpi_same_month_prev_year'],
    ] as const) {
      const rows = raw(file);
      assert.equal(rows.length, 188, file);
      const seen = new Map<string, any>();
      for (let cursor: string | null = ''; cursor !== null;) {
        const page: any = await get(
          `/api/v1/observations?indicator=${indicator}&place=KZ&limit=100${cursor ? `&cursor=${cursor}` : ''}`,
        );
        for (const o of page.data) seen.set(o.period, o);
        cursor = page.meta.next_cursor;
      }
      assert.equal(seen.size, rows.length, file);
      for (const r of rows) {
        const o = seen.get(r.date.slice(0, 7));
        assert.equal(o?.value, r.value, `${file} ${r.date}`);
        assert.equal(o.period_start, r.date);
      }
      const one = await get(`/api/v1/observations?indicator=${indicator}&period=2023-02`);
      assert.equal(one.data.length, 1);
    }
  });
});
