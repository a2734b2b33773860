// The explorer page in a real browser: the production app (buildApp) over a real release, driven in
// headless Chromium as a person would use it. Screenshots go to test-artifacts/ (git-ignored).
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import type { DalaApp } from '../src/serve/app.js';
import { startExplorer, type Explorer } from './support/explorer.js';
import { assetSizes } from './support/web-assets.js';

const ARTIFACTS = join(process.cwd(), 'test-artifacts', 'web-explorer');

let ex: Explorer;
let app: DalaApp;
let open: Explorer['open'];
let api: Explorer['api'];
let shot: Explorer['shot'];

interface SnapshotPoint {
  metric: string;
  place: string;
  period: string;
  value: number | null;
  status: string;
  source_id: string;
}

const fills = (page: Page) =>
  page.$$eval('path.region', (ps) =>
    ps.map((p) => `${p.getAttribute('data-iso')}=${p.getAttribute('fill')}`).join(';'),
  );
const numberIn = (text: string) => Number(text.replace(/[^\d.-]/g, ''));

before(async () => {
  ex = await startExplorer(ARTIFACTS);
  ({ app, open, api, shot } = ex);
});

after(async () => {
  await ex?.close();
});

describe('web explorer in headless Chromium', { timeout: 300_000 }, () => {
  test('the first view draws the 20 regions with legend, period and source, and records its timing', async () => {
    const page = await open('#lang=en');
    assert.equal(await page.locator('path.region').count(), 20);
    const legend = await page.locator('.legend').innerText();
    const snap = await api<{ points: SnapshotPoint[] }>('/api/timemachine/snapshot');
    const pop = snap.points.filter((p) => p.metric === 'population' && /^KZ-\d{2}$/.test(p.place));
    assert.match(legend, new RegExp(`Period: ${pop[0]!.period}`));
    assert.match(
      legend,
      /Source: Average annual population by region \(Bureau of National Statistics/,
    );
    const timing = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const ready = performance.getEntriesByName('dala-interactive')[0]!;
      return {
        interactive_ms: Math.round(ready.startTime),
        dom_content_loaded_ms: Math.round(nav.domContentLoadedEventEnd),
      };
    });
    const assets = await assetSizes();
    await writeFile(
      join(ARTIFACTS, 'metrics.json'),
      JSON.stringify({ ...timing, ...assets }, null, 2) + '\n',
    );
    await shot(page, '01-first-view-en');
    await page.close();
  });

  test('picking an indicator recolours the map and names its source; clicking a region shows its value, period and source', async () => {
    const page = await open('#lang=en');
    const before_ = await fills(page);
    // as a reader does: the list opens (focus), then lists every indicator
    await page.locator('#metric').focus();
    await page.selectOption('#metric', 'unemployment_rate');
    await page.waitForFunction(() =>
      document.querySelector('.legend')?.textContent?.includes('Unemployment rate by region'),
    );
    assert.notEqual(await fills(page), before_, 'the colours follow the indicator');

    const snap = await api<{ points: SnapshotPoint[] }>('/api/timemachine/snapshot');
    const point = snap.points.find((p) => p.metric === 'unemployment_rate' && p.place === 'KZ-75')!;
    await page.locator('path.region[data-iso="KZ-75"]').click();
    const panel = page.locator('.panel[data-region="KZ-75"]');
    await panel.locator('.value').waitFor();
    const shown = numberIn(await panel.locator('.value').innerText());
    assert.ok(Math.abs(shown - point.value!) < 0.05, `shown ${shown}, served ${point.value}`);
    assert.equal(await panel.locator('.current .period').innerText(), point.period);
    assert.match(
      await panel.locator('.current .source').innerText(),
      /Unemployment rate by region \(Bureau of National Statistics/,
    );
    assert.match(page.url(), /metric=unemployment_rate/);
    assert.match(page.url(), /region=KZ-75/);
    assert.ok(await panel.locator('svg.chart path.line').count(), 'the series chart is drawn');
    // only the border changes of the place itself are marked: Almaty city took part in none of the 2018 and 2022 reforms
    assert.equal(
      await panel.locator('svg.chart .break').count(),
      0,
      "no other place's border change is marked on the chart",
    );
    assert.equal(await panel.locator('a[href="/data/region-briefs/almaty.pdf"]').count(), 1);
    assert.ok(await panel.locator('a[download$=".csv"]').count(), 'a CSV download is offered');
    await page.locator('path.region[data-iso="KZ-35"]').click();
    const karaganda = page.locator('.panel[data-region="KZ-35"]');
    await karaganda.locator('svg.chart path.line').first().waitFor();
    assert.ok(
      (await karaganda.locator('svg.chart .break').count()) > 0,
      'Karaganda, which Ulytau left in 2022, has its border change marked',
    );
    // the latest figures are named, breakdowns included (the analytics file labels them by their former ids)
    const rows = await karaganda.locator('table.latest tbody th').allInnerTexts();
    assert.ok(rows.includes('Life expectancy at birth, women'), rows.join(' | '));
    assert.deepEqual(
      rows.filter((r) => /^[a-z0-9_;=]+$/.test(r)),
      [],
      'no row is named by a bare id',
    );
    await shot(page, '02-indicator-and-region-en');
    await page.close();
  });

  test('a link naming an indicator the explorer does not offer says so, in the page and in an embed, rather than show another as if it were the one', async () => {
    for (const [lang, path, said] of [
      ['ru', '/', /«life_expectancy_2030».*нет.*показан: Среднегодовая численность населения/],
      ['en', '/embed', /“life_expectancy_2030”.*shown instead: Average annual population/],
    ] as const) {
      const page = await open(`#lang=${lang}&metric=life_expectancy_2030`, undefined, path);
      assert.match(await page.locator('.missing-indicator[role=status]').innerText(), said);
      await page.close();
    }
    // an indicator it offers is shown with no such word
    const page = await open('#lang=en&metric=life_expectancy');
    assert.equal(await page.locator('.missing-indicator').count(), 0);
    await page.close();
  });

  test('moving the date slider follows the snapshot: regions with no value are hatched, never coloured', async () => {
    const page = await open('#lang=en&metric=employed');
    const latest = await fills(page);
    const slider = page.locator('#date');
    await slider.focus();
    await page.keyboard.press('Home');
    await page.waitForFunction(() => document.querySelector('.date-out')?.textContent !== '2025');
    const first = await page.locator('.date-out').innerText();
    await page.waitForFunction(
      (f) =>
        [...document.querySelectorAll('path.region')]
          .map((p) => `${p.getAttribute('data-iso')}=${p.getAttribute('fill')}`)
          .join(';') !== f,
      latest,
    );
    assert.match(page.url(), /date=\d{4}-\d{2}-\d{2}/);
    const date = /date=(\d{4}-\d{2}-\d{2})/.exec(page.url())![1]!;
    const snap = await api<{ points: SnapshotPoint[] }>(`/api/timemachine/snapshot?date=${date}`);
    const valued = new Set(
      snap.points.filter((p) => p.metric === 'employed' && p.value !== null).map((p) => p.place),
    );
    const regions = await page.$$eval('path.region', (ps) =>
      ps.map((p) => ({ iso: p.getAttribute('data-iso')!, fill: p.getAttribute('fill')! })),
    );
    const missing = regions.filter((r) => !valued.has(r.iso));
    assert.ok(missing.length > 0, `some region has no employed value on ${date}`);
    for (const r of regions)
      assert.equal(r.fill === 'url(#hatch)', !valued.has(r.iso), `${r.iso} on ${date}`);
    assert.ok(
      (await page.locator('.map-notes .np-label').allTextContents()).includes('not published'),
      'a hatched region says "not published"',
    );
    assert.match(await page.locator('.legend').innerText(), /not zero/);
    await shot(page, `03-slider-${first}-en`);
    await page.close();
  });

  test('searching "Алматы" shows the city and the region as candidates and chooses neither', async () => {
    const page = await open('#lang=ru');
    await page.fill('#q', 'Алматы');
    await page.press('#q', 'Enter');
    await page.locator('.search-results').waitFor();
    const city = page.locator('.search-results li.candidate[data-id="place:KZ-75"]');
    const region = page.locator('.search-results li.candidate[data-id="place:KZ-19"]');
    assert.ok(await city.isVisible(), 'Almaty city is a candidate');
    assert.ok(await region.isVisible(), 'Almaty region is a candidate');
    assert.match(
      await page.locator('.search-results [role=status]').innerText(),
      /Выберите нужное/,
    );
    assert.equal(await page.locator('.panel').count(), 0, 'no region is opened for the person');
    await shot(page, '04-search-almaty-ru');
    await region.locator('button').first().click();
    await page.locator('.panel[data-region="KZ-19"]').waitFor();
    assert.match(await page.locator('.panel .kind').innerText(), /область/);
    await page.close();
  });

  test('switching language translates every interface label, and a shared URL restores the view', async () => {
    const page = await open('#lang=en&metric=grp&region=KZ-71');
    await page.locator('button[lang="kk"]').click();
    await page.waitForFunction(() => document.documentElement.lang === 'kk');
    const { translator } = (await import(
      '../web/src/i18n.ts' as string
    )) as typeof import('../web/src/i18n.js');
    const en = translator('en');
    const kk = translator('kk');
    const text = await page.locator('body').innerText();
    const keys = [
      'indicator',
      'date',
      'period',
      'source',
      'officialName',
      'institutions',
      'latest',
      'primarySources',
      'download',
      'regionTable',
      'tabMap',
      'tabChanges',
      'tabCatalog',
      'searchButton',
      'marked',
    ] as const;
    for (const k of keys) {
      assert.ok(text.includes(kk(k)), `Kazakh label ${k} shown`);
      if (kk(k) !== en(k)) assert.ok(!text.includes(en(k)), `English label ${k} (${en(k)}) gone`);
    }
    assert.match(
      await page.locator('.legend').innerText(),
      /алдын ала, бағалау немесе күмәнді/,
      'the preliminary mark is explained in Kazakh',
    );
    assert.ok(
      (await page.locator('.map-notes .mark').count()) > 0,
      'preliminary GRP values are marked on the map',
    );
    await page.locator('#date').focus();
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction(() => /date=/.test(location.hash));
    const shared = page.url();
    const period = await page.locator('.date-out').innerText();
    await shot(page, '05-language-kk');
    await page.close();

    const again = await open(new URL(shared).hash);
    assert.equal(await again.evaluate(() => document.documentElement.lang), 'kk');
    assert.equal(await again.locator('#metric').inputValue(), 'grp');
    assert.equal(await again.locator('.date-out').innerText(), period);
    await again.locator('.panel[data-region="KZ-71"]').waitFor();
    assert.ok(
      await again.locator('button[lang="kk"][aria-pressed="true"]').count(),
      'the Kazakh button is pressed',
    );
    await shot(again, '06-shared-url-restored-kk');
    await again.close();
  });

  test('the changes view reads /api/v1/changes and the catalog lists freshness, licence and reuse terms', async () => {
    const page = await open('#lang=en&tab=changes');
    await page.locator('#changes-heading').waitFor();
    const changes = await api<{ data: unknown[]; meta: { note?: string } }>('/api/v1/changes');
    if (changes.data.length)
      assert.equal(await page.locator('ul.changes li').count(), Math.min(100, changes.data.length));
    else assert.match(await page.locator('.changes-note').innerText(), /no earlier release/);
    await shot(page, '07-changes-en');

    await page.locator('nav a', { hasText: 'Datasets' }).click();
    await page.locator('#catalog-heading').waitFor();
    const catalog = await api<{ datasets: { id: string; publication_limits: string }[] }>(
      '/data/dataset-catalog.json',
    );
    assert.equal(await page.locator('li.dataset').count(), catalog.datasets.length);
    const geo = page.locator('li.dataset[data-id="dataset:regional-boundaries"]');
    assert.match(await geo.locator('.licence').innerText(), /CC BY 4\.0/);
    assert.match(await geo.innerText(), /degraded/);
    assert.match(page.url(), /tab=catalog/);
    await shot(page, '08-catalog-en');
    await page.close();
  });

  test('on a 360-px-wide screen nothing overflows sideways and a region opens by keyboard', async () => {
    const page = await open('#lang=ru&metric=unemployment_rate', { width: 360, height: 740 });
    assert.ok(
      (await page.evaluate(() => document.documentElement.scrollWidth)) <= 360,
      'no sideways scrolling at 360 px',
    );
    await page.locator('table.values tr[data-iso="KZ-35"] th button').focus();
    await page.keyboard.press('Enter');
    await page.locator('.panel[data-region="KZ-35"]').waitFor();
    assert.equal(
      await page.evaluate(() => document.activeElement?.id),
      'region-heading',
      'focus moves to the opened profile',
    );
    assert.ok(
      (await page.evaluate(() => document.documentElement.scrollWidth)) <= 360,
      'no sideways scrolling at 360 px',
    );
    await shot(page, '09-phone-360-ru');
    await page.close();
  });

  test('axe-core finds no serious or critical violation in any view', async () => {
    const views = [
      '#lang=en&metric=grp&region=KZ-75',
      '#lang=kk&tab=catalog',
      '#lang=ru&tab=changes',
      '#lang=ru&q=%D0%90%D0%BB%D0%BC%D0%B0%D1%82%D1%8B',
    ];
    for (const hash of views) {
      const page = await open(hash);
      if (hash.includes('region=')) await page.locator('.panel h2').waitFor();
      if (hash.includes('tab=catalog')) await page.locator('li.dataset').first().waitFor();
      if (hash.includes('tab=changes')) await page.locator('#changes-heading').waitFor();
      if (hash.includes('q=')) await page.locator('.search-results li').first().waitFor();
      const serious = await ex.seriousAxeViolations(page);
      assert.deepEqual(serious, [], `${hash}: ${JSON.stringify(serious)}`);
      await page.close();
    }
  });

  test('the page is served like /data/: strong ETag per coding, 304 on If-None-Match, and JSON clients never get HTML', async () => {
    const page = await app.inject({
      method: 'GET',
      url: '/',
      headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' },
    });
    assert.equal(page.statusCode, 200);
    assert.equal(page.headers['content-encoding'], 'br');
    assert.match(String(page.headers['etag']), /^"[0-9a-f]{64}-br"$/);
    const again = await app.inject({
      method: 'GET',
      url: '/',
      headers: {
        accept: 'text/html',
        'accept-encoding': 'br, gzip',
        'if-none-match': String(page.headers['etag']),
      },
    });
    assert.equal(again.statusCode, 304);
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(
      (await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } })).body,
    )![1]!;
    const js = await app.inject({
      method: 'GET',
      url: script,
      headers: { 'accept-encoding': 'gzip' },
    });
    assert.equal(js.statusCode, 200);
    assert.equal(js.headers['content-encoding'], 'gzip');
    assert.match(String(js.headers['content-type']), /^text\/javascript/);
    const json = await app.inject({
      method: 'GET',
      url: '/',
      headers: { accept: 'application/json' },
    });
    assert.doesNotMatch(String(json.headers['content-type']), /text\/html/);
    const missing = await app.inject({ method: 'GET', url: '/assets/nothing.js' });
    assert.equal(missing.statusCode, 404);
    assert.equal(missing.headers['content-type'], 'application/problem+json');
  });
});
