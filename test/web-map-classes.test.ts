// The map's colour key of every indicator of the real release, made by the explorer's own functions
// (web/src/lines.ts and classes.ts: the points in force at the latest date, their classes and the
// labels the key prints) from the production app's answers: each class spans two different numbers
// ("4.8 – 4.8" says nothing about where a value lies) and a count is never cut at a fraction of a
// person or a school. The browser test (web-explorer-map-classes) shows that the page draws these
// labels for a sample of indicators; every indicator is checked here, where it costs no browser.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Series } from '../web/src/api.js';
import { servedRealRelease } from './support/real-app.js';
import { mapIndicators, mapKeyLabels, regionsOf } from './support/map-indicators.js';

describe('the map’s colour key of every indicator', () => {
  const served = servedRealRelease();

  test('every indicator’s map classes span two different numbers, and counts are cut at whole numbers', async () => {
    const ids = mapIndicators(await served.json('/api/timemachine/layers'));
    assert.ok(ids.length >= 1000, `${ids.length} indicators`);
    const regions = regionsOf(await served.json('/data/geo/kz_adm1_drawing.geojson'));
    assert.equal(regions.length, 20);
    let keys = 0;
    let counts = 0;
    for (const id of ids) {
      const series = (await served.json(`/api/timemachine/series?metric=${id}`)) as Series;
      const labels = mapKeyLabels(series, regions);
      if (labels.length) keys++;
      // a count: every value the release publishes for a region is a whole number
      const count = series.series
        .filter((s) => s.place !== 'KZ')
        .every((s) => s.points.every((p) => p.value === null || Number.isInteger(p.value)));
      if (count && labels.length) counts++;
      for (const label of labels) {
        const [from, to] = label.split(' – ');
        // one number alone only when every value shown is that number: a single class
        if (labels.length === 1 && to === undefined) continue;
        assert.ok(from && to, `${id}: the class "${label}" reads "from – to"`);
        assert.notEqual(from, to, `${id}: the class "${label}" spans two different numbers`);
        if (count)
          assert.doesNotMatch(label, /\.\d/, `${id}: a count is cut at whole numbers: "${label}"`);
      }
    }
    assert.ok(keys >= 100, `${keys} indicators draw a colour key`);
    assert.ok(counts >= 15, `${counts} of them are counts`);
  });
});
