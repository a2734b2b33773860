// A series answer holds at most MAX_SERIES_POINTS buckets: a longer series is answered a window at
// a time, each window linking the next (Link rel="next" and `next`), cut between whole buckets, so
// that the windows together hold every bucket of the series exactly once, each as a query of that
// window's own date range answers it. Through a real server on a release with 3,200 daily points.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { addDays, bucketOf } from '../src/store/periods.js';
import { MAX_SERIES_POINTS } from '../src/serve/timemachine/series-window.js';
import { startServer, type RunningServer } from '../src/serve/server.js';
import { makeDailyRelease, serve } from './serve-support.js';

const DAYS = 1600; // at two places: 3,200 day points, past the bound
const SMALL = 100; // a server configured with a bound below the weeks of the series (458 at each place)
let s: RunningServer;
let small: RunningServer;
before(async () => {
  const extra = ['KZ-35', 'KZ-75'].flatMap((place) =>
    Array.from({ length: DAYS }, (_, i) => ({
      place,
      day: addDays('2015-01-01', i),
      value: i % 97 === 0 ? null : i,
    })),
  );
  const releasesDir = await makeDailyRelease(extra);
  s = await serve(releasesDir);
  small = await startServer({
    releasesDir,
    host: '127.0.0.1',
    port: 0,
    logger: false,
    timemachine: { maxSeriesPoints: SMALL },
  });
});
after(async () => {
  await s.close();
  await small.close();
});

interface Window {
  body: any;
  link: string | null;
  status: number;
}
const get = async (path: string, accept = 'application/json', server = s): Promise<Window> => {
  const r = await fetch(server.url + path, { headers: { accept } });
  return {
    status: r.status,
    link: r.headers.get('link'),
    body: accept === 'application/json' ? await r.json() : await r.text(),
  };
};

/** Every window of the series, following the links from the first. */
async function windows(first: string, server: RunningServer): Promise<Window[]> {
  const all: Window[] = [];
  for (let path: string | null = first; path !== null;) {
    const w = await get(path, 'application/json', server);
    assert.equal(w.status, 200, path);
    all.push(w);
    assert.equal(w.link, w.body.next === undefined ? null : `<${w.body.next}>; rel="next"`);
    path = w.body.next ?? null;
    assert.ok(all.length < 100, 'the windows end');
  }
  return all;
}

const buckets = (body: any): number =>
  body.series.reduce((n: number, x: any) => n + x.points.length, 0);

describe('a series longer than the bound comes a window at a time', () => {
  for (const [granularity, max] of [
    ['day', MAX_SERIES_POINTS],
    [null, MAX_SERIES_POINTS],
    ['week', SMALL],
    ['month', SMALL],
  ] as const) {
    // by month only with a place's filter: the whole monthly series over every place is stored whole (below)
    test(`granularity=${granularity ?? '(as published)'}, at most ${max}: windows of at most the bound, cut between whole buckets, hold every bucket once`, async () => {
      const path = `/api/timemachine/series?metric=media_mentions${granularity ? `&granularity=${granularity}` : ''}${granularity === 'month' ? '&include=names' : ''}`;
      const server = max === SMALL ? small : s;
      const all = await windows(path, server);
      assert.ok(all.length >= 2, 'the series is cut');
      const seen = new Set<string>();
      let from = '0000-01-01';
      for (const [i, w] of all.entries()) {
        assert.ok(buckets(w.body) <= max, `window ${i}: ${buckets(w.body)} buckets`);
        const last = i === all.length - 1;
        assert.equal(w.body.end_date === null, last, 'a cut window says where it ends');
        if (!last && granularity)
          assert.equal(
            bucketOf(w.body.end_date, granularity).period_end,
            w.body.end_date,
            'cut at the end of a bucket',
          );
        for (const x of w.body.series) {
          for (const p of x.points) {
            assert.ok(
              p.period_end >= from && (last || p.period_end <= w.body.end_date),
              `${p.period} inside window ${i}`,
            );
            assert.ok(
              !seen.has(`${x.place} ${p.period}`),
              `${x.place} ${p.period} in one window only`,
            );
            seen.add(`${x.place} ${p.period}`);
          }
        }
        // the window is what a query of its own range answers
        if (!last) {
          const own = await get(
            `${path}&start_date=${from === '0000-01-01' ? '0001-01-01' : from}&end_date=${w.body.end_date}`,
            'application/json',
            s,
          );
          assert.deepEqual(own.body.series, w.body.series);
          assert.equal(own.body.count, w.body.count);
          from = addDays(w.body.end_date, 1);
        }
      }
      // as many buckets as the whole series has, which the unbounded server answers at once
      const whole =
        granularity === 'day' || granularity === null
          ? 2 * DAYS + 6
          : buckets((await get(path)).body);
      assert.equal(seen.size, whole);
    });
  }

  test('the CSV of a long series is cut alike and links the next window', async () => {
    const csv = await get(
      '/api/timemachine/series?metric=media_mentions&granularity=day&format=csv',
      'text/csv',
    );
    assert.equal(csv.status, 200);
    const rows = (csv.body as string).trimEnd().split('\r\n').length - 1;
    assert.ok(rows > 0 && rows <= MAX_SERIES_POINTS, `${rows} rows`);
    assert.match(
      csv.link!,
      /^<\/api\/timemachine\/series\?metric=media_mentions&granularity=day&format=csv&start_date=\d{4}-\d{2}-\d{2}>; rel="next"$/,
    );
  });

  test('a series the release stores whole is answered whole past the bound, in JSON and CSV alike', async () => {
    const path = '/api/timemachine/series?metric=media_mentions&granularity=month';
    const whole = await get(path, 'application/json', small);
    assert.equal(whole.status, 200);
    assert.ok(
      buckets(whole.body) > SMALL,
      `${buckets(whole.body)} buckets, past the bound of ${SMALL}`,
    );
    assert.equal(whole.link, null);
    assert.equal(whole.body.next, undefined);
    assert.deepEqual(
      whole.body.series,
      (await get(path)).body.series,
      'as the server with the default bound answers it',
    );
    const csv = await get(`${path}&format=csv`, 'text/csv', small);
    assert.equal(csv.link, null);
    assert.equal((csv.body as string).trimEnd().split('\r\n').length - 1, buckets(whole.body));
  });

  test('a series within the bound has no next window', async () => {
    const w = await get('/api/timemachine/series?metric=media_mentions&granularity=month');
    assert.equal(w.status, 200);
    assert.equal(w.link, null);
    assert.equal(w.body.next, undefined);
    assert.equal(w.body.end_date, null);
  });

  test('the interface document states the bound', async () => {
    const doc = await (await fetch(s.url + '/api/timemachine/openapi.json')).json();
    assert.match(
      JSON.stringify(doc.paths['/api/timemachine/series']),
      new RegExp(`at most ${MAX_SERIES_POINTS} buckets`),
    );
  });
});
