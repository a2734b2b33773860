// The map's colour key as headless Chromium draws it through the production app over the real release:
// for an even spread of the indicators, the key shows exactly the classes the explorer's functions
// make of the values in force (web/src/classes.ts), which web-map-classes checks for every indicator
// (two different numbers per class, counts cut at whole numbers) without a browser.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { RegionCollection, Series } from '../web/src/api.js';
import { startExplorer, type Explorer } from './support/explorer.js';
import { mapIndicators, mapKeyLabels, regionsOf, spread } from './support/map-indicators.js';

const ARTIFACTS = join(process.cwd(), 'test-artifacts', 'web-explorer-map-classes');
const KEYED = 14; // indicators sampled among those whose map draws a colour key
const UNKEYED = 3; // and among those national only

let ex: Explorer;

before(async () => {
  ex = await startExplorer(ARTIFACTS);
});

after(async () => {
  await ex?.close();
});

describe('the map’s colour key in headless Chromium', { timeout: 300_000 }, () => {
  test('the key draws the classes of the values in force, for an even spread of the indicators', async () => {
    const regions = regionsOf(await ex.api<RegionCollection>('/data/geo/kz_adm1_drawing.geojson'));
    // most indicators are national (the map draws no key for them): the sample spreads over those
    // with a key, and takes a few without
    const keyed: [string, string[]][] = [];
    const unkeyed: [string, string[]][] = [];
    for (const id of mapIndicators(await ex.api('/api/timemachine/layers'))) {
      const labels = mapKeyLabels(
        await ex.api<Series>(`/api/timemachine/series?metric=${id}`),
        regions,
      );
      (labels.length ? keyed : unkeyed).push([id, labels]);
    }
    assert.ok(keyed.length >= KEYED, `${keyed.length} indicators draw a key`);
    // one page, the indicator changed in its address as a reader does
    const page = await ex.open('#lang=en&metric=population', { width: 1280, height: 900 });
    for (const [id, expected] of [...spread(keyed, KEYED), ...spread(unkeyed, UNKEYED)]) {
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
      assert.deepEqual(labels, expected, `${id}: the key's classes`);
    }
    await page.close();
  });
});
