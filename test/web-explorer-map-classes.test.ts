// The map's colour key of every indicator, read in a real browser through the production app over the
// real release: each class spans two different numbers ("4.8 – 4.8" says nothing about where a value
// lies) and a count is never cut at a fraction of a person or a school.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startExplorer, type Explorer } from './support/explorer.js';

const ARTIFACTS = join(process.cwd(), 'test-artifacts', 'web-explorer-map-classes');

interface Layers {
  layers: { id: string; metrics: { id: string; dimensions?: Record<string, string> }[] }[];
}
interface SeriesAnswer {
  series: { place: string; points: { value: number | null }[] }[];
}

let ex: Explorer;

before(async () => {
  ex = await startExplorer(ARTIFACTS);
});

after(async () => {
  await ex?.close();
});

describe('the map’s colour key in headless Chromium', { timeout: 600_000 }, () => {
  test('every indicator’s map classes span two different numbers, and counts are cut at whole numbers', async () => {
    const { layers } = await ex.api<Layers>('/api/timemachine/layers');
    // the events layer (counts of dated events per day) is a timeline, not a map indicator
    const ids = layers
      .filter((l) => l.id !== 'events')
      .flatMap((l) =>
        l.metrics.filter((m) => !Object.keys(m.dimensions ?? {}).length).map((m) => m.id),
      );
    assert.ok(ids.length >= 20, `${ids.length} indicators`);
    let keys = 0;
    // one page, the indicator changed in its address as a reader does: a page per indicator costs
    // minutes over some 500 of them
    const page = await ex.open('#lang=en&metric=population', { width: 1280, height: 900 });
    for (const id of ids) {
      const series = await ex.api<SeriesAnswer>(`/api/timemachine/series?metric=${id}`);
      const regional = series.series.filter((s) => s.place !== 'KZ');
      const counts = regional.every((s) =>
        s.points.every((p) => p.value === null || Number.isInteger(p.value)),
      );
      await page.evaluate((hash) => (location.hash = hash), `#lang=en&metric=${id}`);
      await page.locator(`.layout[data-metric="${id}"]`).waitFor();
      await page.locator('table.values tbody tr').first().waitFor();
      assert.equal(await page.locator('#metric').inputValue(), id, `${id} is the one shown`);
      const labels = await page
        .locator('.legend ul li')
        .evaluateAll((lis) =>
          lis
            .filter((li) => !li.querySelector('.hatch, .mark-swatch'))
            .map((li) => (li as HTMLElement).innerText.trim()),
        );
      if (labels.length) keys++;
      for (const label of labels) {
        const [from, to] = label.split(' – ');
        // one number alone only when every value shown is that number: a single class
        if (labels.length === 1 && to === undefined) continue;
        assert.ok(from && to, `${id}: the class "${label}" reads "from – to"`);
        assert.notEqual(from, to, `${id}: the class "${label}" spans two different numbers`);
        if (counts)
          assert.doesNotMatch(label, /\.\d/, `${id}: a count is cut at whole numbers: "${label}"`);
      }
    }
    await page.close();
    assert.ok(keys >= 15, `${keys} indicators draw a colour key`);
  });
});
