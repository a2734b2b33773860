// The explorer's journalist views in a real browser, through the production app over the real
// release: comparing places, downloads (CSV, SVG, PNG), the embed snippet, citation, the reader's
// language, the phone layout and keyboard use, accessibility, and per 1,000 people.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { download, startExplorer, type Explorer } from './support/explorer.js';

const ARTIFACTS = join(process.cwd(), 'test-artifacts', 'web-explorer-views');

interface SeriesAnswer {
  series: {
    place: string;
    points: {
      period: string;
      period_end: string;
      value: number | null;
      status: string;
      unit: string;
    }[];
  }[];
}
interface SnapshotAnswer {
  revision: string;
  points: { metric: string; place: string; period: string; value: number | null; status: string }[];
}

let ex: Explorer;

before(async () => {
  ex = await startExplorer(ARTIFACTS);
});

after(async () => {
  await ex?.close();
});

const legendPlaces = (page: Page) =>
  page.$$eval('.compare-legend li', (lis) => lis.map((li) => li.getAttribute('data-iso')));

describe('explorer views in headless Chromium', { timeout: 600_000 }, () => {
  test('places chosen from the map, the table and search share one chart with a colour, marker and dash each, and the link restores it', async () => {
    const page = await ex.open('#lang=en&metric=unemployment_rate');
    await page.locator('path.region[data-iso="KZ-35"]').click();
    await page.locator('.panel[data-region="KZ-35"] .compare-toggle').click();
    await page.locator('table.values tr[data-iso="KZ-75"] .compare-toggle').click();
    await page.fill('#q', 'Шымкент');
    await page.press('#q', 'Enter');
    await page.locator('.search-results li[data-id="place:KZ-79"] .compare-add').click();
    await page.waitForFunction(() => location.hash.includes('compare=KZ-35,KZ-75,KZ-79'));
    assert.deepEqual(await legendPlaces(page), ['KZ-35', 'KZ-75', 'KZ-79']);

    const chart = page.locator('.compare svg.compare-chart');
    const lines = await chart.locator('g.place-line').evaluateAll((gs) =>
      gs.map((g) => ({
        iso: g.getAttribute('data-iso'),
        stroke: g.getAttribute('stroke'),
        dash: g.querySelector('path.line')?.getAttribute('stroke-dasharray') ?? '',
        marker: g.querySelector('path.dot')?.getAttribute('d'),
      })),
    );
    assert.deepEqual(
      lines.map((l) => l.iso),
      ['KZ-35', 'KZ-75', 'KZ-79'],
    );
    for (const key of ['stroke', 'dash', 'marker'] as const)
      assert.equal(new Set(lines.map((l) => l[key])).size, 3, `each place has its own ${key}`);
    assert.ok(
      (await chart.locator('.break').count()) > 0,
      'border changes are marked on the comparison',
    );

    // The points its publisher did not call final are drawn as hollow markers, one per such point.
    // as a reader does: the list opens (focus), then lists every indicator
    await page.locator('#metric').focus();
    await page.selectOption('#metric', 'grp');
    await page.locator('.compare h2', { hasText: 'Gross regional product' }).waitFor();
    const grp = await ex.api<SeriesAnswer>('/api/timemachine/series?metric=grp');
    const marked = grp.series
      .filter((s) => ['KZ-35', 'KZ-75', 'KZ-79'].includes(s.place))
      .flatMap((s) => s.points)
      .filter((p) => p.value !== null && p.status !== 'final');
    assert.ok(marked.length > 0, 'some compared GRP value is preliminary');
    assert.equal(await chart.locator('path.dot.marked').count(), marked.length);
    await ex.shot(page, '01-compare-en');
    const shared = new URL(page.url()).hash;
    await page.close();

    const again = await ex.open(shared);
    await again.locator('.compare svg.compare-chart g.place-line').first().waitFor();
    assert.deepEqual(await legendPlaces(again), ['KZ-35', 'KZ-75', 'KZ-79']);
    assert.equal(await again.locator('#metric').inputValue(), 'grp');
    await again.close();

    const nine = await ex.open(
      '#lang=en&compare=KZ-10,KZ-11,KZ-15,KZ-19,KZ-23,KZ-27,KZ-31,KZ-33,KZ-35',
    );
    assert.equal((await legendPlaces(nine)).length, 8, 'at most eight places');
    assert.ok(
      await nine.locator('table.values tr[data-iso="KZ-75"] .compare-toggle').isDisabled(),
      'a ninth place cannot be added',
    );
    await nine.close();
  });

  test('a view downloads exactly its rows as CSV and its chart as SVG and PNG with source, period and release in the picture', async () => {
    const page = await ex.open('#lang=en&metric=grp&compare=KZ-35,KZ-75');
    const tools = page.locator('.compare .view-tools');
    await tools.waitFor();
    const csv = await download(page, () => tools.locator('a.csv').click());
    const rows = parse(csv.body, { columns: true }) as Record<string, string>[];
    const grp = await ex.api<SeriesAnswer>('/api/timemachine/series?metric=grp');
    const expected = grp.series
      .filter((s) => s.place === 'KZ-35' || s.place === 'KZ-75')
      .flatMap((s) => s.points.map((p) => `${s.place}|${p.period}|${p.value ?? ''}|${p.status}`));
    assert.deepEqual(
      rows.map((r) => `${r['place']}|${r['period']}|${r['value']}|${r['status']}`).sort(),
      expected.sort(),
    );
    const units = new Map(
      grp.series.flatMap((s) => s.points.map((p) => [`${s.place}|${p.period}`, p.unit] as const)),
    );
    for (const r of rows) {
      assert.equal(r['unit'], units.get(`${r['place']}|${r['period']}`), 'each row its own unit');
      assert.match(r['source_title']!, /Gross regional product/);
      assert.equal(r['release'], ex.revision);
    }

    const svg = (await download(page, () => tools.locator('button.svg').click())).body.toString(
      'utf8',
    );
    assert.match(svg, /^<\?xml[^>]*>\n<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    assert.equal(svg.match(/class="place-line"/g)?.length, 2);
    assert.ok(svg.includes(ex.revision), 'the release is printed in the picture');
    assert.match(svg, /Source: Gross regional product/);
    const periods = expected.map((e) => e.split('|')[1]!).sort();
    assert.ok(
      svg.includes(`Period: ${periods[0]}–${periods[periods.length - 1]}`),
      'the period is printed in the picture',
    );

    const png = (await download(page, () => tools.locator('button.png').click())).body;
    assert.equal(png.subarray(0, 8).toString('hex'), '89504e470d0a1a0a', 'a PNG file');
    const width = Number(/<svg[^>]* width="(\d+)"/.exec(svg)![1]);
    assert.equal(png.readUInt32BE(16), 2 * width, 'drawn at twice the picture width');

    // The map view: its table's rows, and the map with its credit added below.
    const mapTools = page.locator('.view-tools[data-view="map"]');
    const mapCsv = parse((await download(page, () => mapTools.locator('a.csv').click())).body, {
      columns: true,
    }) as Record<string, string>[];
    const onScreen = await page.$$eval('table.values tbody tr', (trs) =>
      trs.map((tr) => tr.getAttribute('data-iso')),
    );
    const snap = await ex.api<SnapshotAnswer>('/api/timemachine/snapshot');
    assert.deepEqual(
      mapCsv.map((r) => r['place']),
      onScreen.filter((iso) => snap.points.some((p) => p.metric === 'grp' && p.place === iso)),
    );
    const mapSvg = (
      await download(page, () => mapTools.locator('button.svg').click())
    ).body.toString('utf8');
    assert.equal(mapSvg.match(/data-iso="KZ-\d\d"/g)?.length, 20);
    assert.ok(
      mapSvg.includes(ex.revision) && mapSvg.includes('Source: Gross regional product'),
      'the map picture names source and release',
    );
    await page.close();
  });

  test('the embed snippet is pinned to the release and renders the chart alone in a frame on another site', async () => {
    const page = await ex.open('#lang=ru&metric=unemployment_rate&compare=KZ-71,KZ');
    const code = await page.locator('#compare-embed').inputValue();
    const src = /<iframe src="([^"]+)"/.exec(code)?.[1];
    assert.ok(src, code);
    assert.match(src, /\/embed#.*rev=/);
    assert.ok(src.includes(`rev=${ex.revision}`), 'pinned to the release revision');
    assert.ok(src.includes('compare=KZ-71,KZ'));
    const embedPage = await ex.app.inject({
      method: 'GET',
      url: '/embed',
      headers: { accept: 'text/html' },
    });
    assert.equal(embedPage.statusCode, 200);
    assert.match(String(embedPage.headers['content-security-policy']), /frame-ancestors \*/);
    const root = await ex.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    assert.match(
      String(root.headers['content-security-policy']),
      /frame-ancestors 'self'/,
      'the full page is still not framed elsewhere',
    );

    // A newspaper's page on another origin (another port) frames it.
    const newsroom = createServer((_req, res) =>
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(`<!doctype html><title>Article</title><p>Text.</p>${code}`),
    );
    await new Promise<void>((ok) => newsroom.listen(0, '127.0.0.1', ok));
    after(() => newsroom.close());
    const host = await ex.context.newPage();
    await host.goto(`http://127.0.0.1:${(newsroom.address() as AddressInfo).port}/article`);
    const frame = host.frameLocator('iframe');
    await frame.locator('svg.compare-chart g.place-line').first().waitFor();
    assert.equal(await frame.locator('g.place-line').count(), 2);
    assert.equal(await frame.locator('header, nav, table.values').count(), 0, 'the chart alone');
    assert.ok((await frame.locator('.embed-credit').innerText()).includes(ex.revision));
    await ex.shot(host, '02-embed-ru');
    await host.close();

    // How to cite: the permalink of the release's file the view's data belongs to, sealed and immutable.
    const cite = await page.locator('.compare .cite').innerText();
    const permalink = await page.locator('.compare .permalink a').getAttribute('href');
    assert.equal(permalink, `/r/${ex.revision}/data/datasets/labour-market.csv`);
    assert.ok(
      cite.includes(ex.revision) &&
        cite.includes('Уровень безработицы') &&
        cite.includes(`${ex.base}${permalink}`),
      cite,
    );
    const sealed = await ex.app.inject({ method: 'GET', url: permalink! });
    assert.equal(sealed.statusCode, 200);
    assert.equal(sealed.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.ok(
      sealed.body.includes('\nunemployment_rate,KZ-71,'),
      'the file holds the cited figures',
    );
    await page.close();
  });

  test('the ru and kk views print units, periods, statuses, breaks and sources in the reader’s language', async () => {
    const english =
      /\b(years?|persons|people|thousand|million|tonnes|KZT|tenge|percent|count|preliminary|final|Series break|Source|Period|Bureau|Statistics|January|September)\b/;
    const metrics = [
      'life_expectancy',
      'grp_cumulative',
      'grp',
      'income_per_capita_nominal',
      'air_emissions_stationary',
      'environmental_protection_expenditure',
    ];
    const nine = { ru: 'январь–сентябрь 2023', kk: '2023 ж. қаңтар–қыркүйек' };
    for (const lang of ['ru', 'kk'] as const) {
      for (const metric of metrics) {
        const page = await ex.open(`#lang=${lang}&metric=${metric}&region=KZ-35&compare=KZ-35,KZ`);
        await page.locator('.panel h2').waitFor();
        await page.locator('.compare svg.compare-chart').waitFor();
        const text = await page.locator('body').innerText();
        const hit = english.exec(text);
        assert.equal(
          hit,
          null,
          `${lang} ${metric}: English "${hit?.[0]}" in …${text.slice(Math.max(0, (hit?.index ?? 0) - 60), (hit?.index ?? 0) + 40)}…`,
        );
        if (metric === 'grp_cumulative')
          assert.equal(await page.locator('.date-out').innerText(), nine[lang]);
        if (metric === 'grp')
          assert.match(
            await page.locator('.panel .value').innerText(),
            /^\d{1,3}(\u00a0\d{3})+(,\d+)?$/,
            'numbers grouped the Russian/Kazakh way, with the decimal comma',
          );
        if (metric === 'life_expectancy') await ex.shot(page, `03-units-${lang}`);
        await page.close();
      }
    }
  });

  test('at 375 px nothing scrolls sideways, the map and charts fit, and every new control works by keyboard', async () => {
    const page = await ex.open(
      '#lang=kk&metric=hospital_organisations&region=KZ-35&compare=KZ-35,KZ-75,KZ',
      { width: 375, height: 740 },
    );
    await page.locator('.compare svg.compare-chart').waitFor();
    const widths = () =>
      page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        inner: innerWidth,
        svgs: [...document.querySelectorAll('svg.map, svg.chart, svg.compare-chart')].map((s) =>
          Math.round(s.getBoundingClientRect().right),
        ),
      }));
    let w = await widths();
    assert.ok(w.scroll <= w.inner, `scrollWidth ${w.scroll} > ${w.inner}`);
    assert.ok(w.svgs.length >= 3 && w.svgs.every((r) => r <= w.inner), `charts fit: ${w.svgs}`);

    // Each control reached by focus and worked by its key alone; the fragment records the outcome.
    const steps: [string, string, string][] = [
      ['table.values tr[data-iso="KZ-71"] .compare-toggle', 'Enter', 'compare=[^&]*KZ-71'],
      ['.compare-legend li[data-iso="KZ-75"] .remove', 'Space', '^(?!.*compare=[^&]*KZ-75)'],
      ['#per-capita', 'Space', 'per=1000'],
      ['.panel .compare-toggle', 'Enter', '^(?!.*compare=[^&]*KZ-35)'],
    ];
    for (const [selector, key, hash] of steps) {
      await page.locator(selector).focus();
      await page.keyboard.press(key);
      await page.waitForFunction((re) => new RegExp(re).test(location.hash), hash);
    }
    assert.deepEqual(await legendPlaces(page), ['KZ', 'KZ-71']);
    w = await widths();
    assert.ok(w.scroll <= w.inner, `after the changes: scrollWidth ${w.scroll} > ${w.inner}`);
    await ex.shot(page, '04-phone-375-kk');
    await page.close();
  });

  test('axe-core finds no serious or critical violation in the comparison, per-capita and embed views', async () => {
    const views: [string, string][] = [
      ['/', '#lang=en&metric=grp&region=KZ-75&compare=KZ-75,KZ-71,KZ'],
      ['/', '#lang=ru&metric=hospital_organisations&per=1000&compare=KZ-35'],
      ['/embed', `#lang=kk&metric=grp&compare=KZ-75,KZ&rev=${ex.revision}`],
      ['/embed', `#lang=en&metric=population&rev=${ex.revision}`],
    ];
    for (const [path, hash] of views) {
      const page = await ex.open(hash, undefined, path);
      if (hash.includes('compare=')) await page.locator('svg.compare-chart').waitFor();
      const serious = await ex.seriousAxeViolations(page);
      assert.deepEqual(serious, [], `${path}${hash}: ${JSON.stringify(serious)}`);
      await page.close();
    }
  });

  test('per 1,000 people is offered for counts only, from the same place’s population of the same year, and labelled as Dala’s computation', async () => {
    for (const metric of [
      'unemployment_rate',
      'life_expectancy',
      'income_per_capita_nominal',
      'population',
    ]) {
      const page = await ex.open(`#lang=en&metric=${metric}`);
      assert.equal(await page.locator('#per-capita').count(), 0, `not offered for ${metric}`);
      await page.close();
    }
    const page = await ex.open('#lang=en&metric=hospital_organisations');
    await page.locator('#per-capita').check();
    await page.waitForFunction(() => location.hash.includes('per=1000'));
    const snap = await ex.api<SnapshotAnswer>('/api/timemachine/snapshot');
    const pop = await ex.api<SeriesAnswer>('/api/timemachine/series?metric=population');
    let checked = 0;
    for (const iso of ['KZ-75', 'KZ-35', 'KZ-79']) {
      const p = snap.points.find((x) => x.metric === 'hospital_organisations' && x.place === iso)!;
      const people = pop.series
        .find((s) => s.place === iso)
        ?.points.find((x) => x.period === p.period)?.value;
      const cell = await page.locator(`table.values tr[data-iso="${iso}"] td`).first().innerText();
      const figure = await page
        .locator(`table.values tr[data-iso="${iso}"] td .v`)
        .innerText()
        .catch(() => '');
      if (p.value === null || !people) {
        assert.match(cell, /not published/);
        continue;
      }
      const shown = Number(figure.replace(/,/g, ''));
      assert.ok(
        Math.abs(shown - (p.value * 1000) / people) < 0.006,
        `${iso}: shown ${shown}, ${p.value} × 1000 / ${people}`,
      );
      checked++;
    }
    assert.ok(checked > 0, 'some region was checked against its population');
    const legend = await page.locator('.legend').innerText();
    assert.match(legend, /count per 1,000 people/);
    assert.match(legend, /Dala’s computation, not the Bureau’s/);
    assert.match(legend, /Population: Average annual population/);
    await ex.shot(page, '05-per-capita-en');
    await page.close();
  });
});
