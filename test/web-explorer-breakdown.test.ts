// Split by dimension in a real browser, through the production app over the real release: the
// breakdown selector (sex, urban/rural) drives the map, the table, the downloads and the citation with
// the release's own figures for that breakdown, its state lives in the fragment, it is labelled from
// the dimensional model in the reader's language, and it works by keyboard with no serious axe finding.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { download, startExplorer, type Explorer } from './support/explorer.js';

const ARTIFACTS = join(process.cwd(), 'test-artifacts', 'web-explorer-breakdown');

interface SnapshotAnswer {
  points: { metric: string; place: string; period: string; value: number | null }[];
}

let ex: Explorer;

before(async () => {
  ex = await startExplorer(ARTIFACTS);
});

after(async () => {
  await ex?.close();
});

/** The release's figures of one series key by region and for Kazakhstan, as the time-slice API answers a filtered snapshot. */
async function figures(query: string, key: string): Promise<Map<string, number | null>> {
  const snap = await ex.api<SnapshotAnswer>(`/api/timemachine/snapshot?${query}`);
  return new Map(
    snap.points
      .filter((p) => p.metric === key && /^KZ(-\d\d)?$/.test(p.place))
      .map((p) => [p.place, p.value]),
  );
}

/** What the map and the table show per region: the map's value and the table cell read back as a number. */
async function onScreen(
  page: Page,
): Promise<Map<string, { map: number | null; table: number | null }>> {
  const map = await page.$$eval('path.region', (ps) =>
    ps.map((p) => [p.getAttribute('data-iso')!, p.getAttribute('data-value')!] as const),
  );
  const table = new Map(
    await page.$$eval('table.values tbody tr', (trs) =>
      trs.map(
        (tr) =>
          [
            tr.getAttribute('data-iso')!,
            tr.querySelector('td .np') ? 'null' : tr.querySelector('td .v')!.textContent!,
          ] as const,
      ),
    ),
  );
  // English number format (1,157,916.5); "not published" cells read as null
  const num = (s: string | undefined) =>
    s === undefined || s === 'null' ? null : Number(s.replace(/[,\s\u00a0]/g, ''));
  return new Map(map.map(([iso, v]) => [iso, { map: num(v), table: num(table.get(iso)) }]));
}

/** Asserts the page shows the expected figures, retried for a few seconds while the page re-renders. */
async function assertShows(page: Page, expected: Map<string, number | null>, what: string) {
  for (let tries = 0; ; tries++) {
    try {
      return compare(await onScreen(page), expected, what);
    } catch (e) {
      if (tries >= 20) throw e;
      await page.waitForTimeout(250);
    }
  }
}

function compare(
  shown: Map<string, { map: number | null; table: number | null }>,
  expected: Map<string, number | null>,
  what: string,
) {
  assert.equal(shown.size, 20, 'twenty regions on the map');
  for (const [iso, v] of shown) {
    const want = expected.get(iso) ?? null;
    assert.equal(v.map, want, `${what}: map value of ${iso}`);
    // the table prints the source's digits (web/src/format.ts)
    assert.ok(
      want === null ? v.table === null : v.table === want,
      `${what}: table value of ${iso} is ${v.table}, the release's ${want}`,
    );
  }
}

describe('the explorer split by dimension in headless Chromium', { timeout: 600_000 }, () => {
  test('choosing women shows the release’s female figures on the map and in the table, in the CSV and the citation, and the link restores it', async () => {
    const page = await ex.open('#lang=en&metric=population_start_of_year');
    const total = await figures('', 'population_start_of_year');
    await assertShows(page, total, 'all persons');

    await page.selectOption('#dim-sex', 'F');
    await page.waitForFunction(() => /(^|&|#)sex=F(&|$)/.test(location.hash));
    const women = await figures('sex=F', 'population_start_of_year;sex=F');
    assert.ok(
      [...women].some(([iso, v]) => v !== null && v !== total.get(iso)),
      'the female figures differ from the totals',
    );
    await assertShows(page, women, 'women');
    assert.match(
      await page.locator('.breakdown-shown').innerText(),
      /Sex: Female · Urban\/rural: Total/,
    );
    assert.match(await page.locator('table.values caption').innerText(), /Female/);

    const csv = parse(
      (await download(page, () => page.locator('.view-tools[data-view="map"] a.csv').click())).body,
      { columns: true },
    ) as Record<string, string>[];
    assert.ok(csv.length > 0);
    for (const r of csv) {
      assert.equal(r['metric'], 'population_start_of_year');
      assert.equal(r['sex'], 'F', 'the CSV names the breakdown, one column per dimension');
      assert.equal(r['area'], '_T');
      assert.equal(Number(r['value']), women.get(r['place']!), `CSV value of ${r['place']}`);
    }
    assert.match(
      await page.locator('.view-tools[data-view="map"] .cite').innerText(),
      /Population at the beginning of the year \(Female\)/,
    );
    const shared = new URL(page.url()).hash;
    await page.close();

    const again = await ex.open(shared);
    assert.equal(await again.locator('#dim-sex').inputValue(), 'F');
    assert.equal(await again.locator('#metric').inputValue(), 'population_start_of_year');
    await assertShows(again, women, 'women, from the link');
    await again.close();
  });

  test('life expectancy splits by sex and urban/rural; a combination the Bureau does not publish moves to one it does, and says so', async () => {
    const page = await ex.open('#lang=en&metric=life_expectancy&sex=M');
    await page.selectOption('#dim-area', 'R');
    await page.waitForFunction(() => location.hash.includes('sex=M&area=R'));
    const ruralMen = await figures('sex=M&area=R', 'life_expectancy;sex=M;area=R');
    await assertShows(page, ruralMen, 'rural men');
    for (const city of ['KZ-71', 'KZ-75', 'KZ-79'])
      assert.equal(ruralMen.get(city) ?? null, null, `${city} is a city: no rural figure`);

    // Both sexes are published without an urban/rural split: choosing "Total" for sex drops the area.
    await page.selectOption('#dim-sex', '_T');
    await page.waitForFunction(() => !/sex=|area=/.test(location.hash));
    assert.equal(await page.locator('#dim-area').inputValue(), '_T');
    assert.match(
      await page.locator('.breakdown-shown').innerText(),
      /Sex: Total · Urban\/rural: Total/,
    );
    await assertShows(page, await figures('', 'life_expectancy'), 'both sexes');
    await page.close();

    // A link made before the selector (the series key as the metric) opens the same breakdown.
    const old = await ex.open('#lang=en&metric=life_expectancy;sex=F;area=U');
    assert.equal(await old.locator('#metric').inputValue(), 'life_expectancy');
    assert.equal(await old.locator('#dim-sex').inputValue(), 'F');
    assert.equal(await old.locator('#dim-area').inputValue(), 'U');
    await old.close();
  });

  test('the selector is labelled from the model in kk and ru, works by keyboard at 375 px, and axe finds no serious violation', async () => {
    for (const [lang, legend, female] of [
      ['ru', 'Разрез', 'Женщины'],
      ['kk', 'Бөлініс', 'Әйелдер'],
    ] as const) {
      const page = await ex.open(
        `#lang=${lang}&metric=life_expectancy&sex=F&compare=KZ-35,KZ&region=KZ-35`,
      );
      await page.locator('.compare svg.compare-chart').waitFor();
      assert.equal(await page.locator('.breakdown legend').innerText(), legend);
      assert.equal(await page.locator('#dim-sex option:checked').innerText(), female);
      const serious = await ex.seriousAxeViolations(page);
      assert.deepEqual(serious, [], `${lang}: ${JSON.stringify(serious)}`);
      if (lang === 'ru') await ex.shot(page, '01-breakdown-ru');
      await page.close();
    }

    const page = await ex.open('#lang=en&metric=population_start_of_year&sex=F&area=R', {
      width: 375,
      height: 740,
    });
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      inner: innerWidth,
    }));
    assert.ok(
      widths.scroll <= widths.inner,
      `at 375 px: scrollWidth ${widths.scroll} > ${widths.inner}`,
    );
    await page.locator('#dim-sex').focus();
    await page.keyboard.press('ArrowUp'); // Female -> Male
    await page.waitForFunction(() => location.hash.includes('sex=M&area=R'));
    await assertShows(
      page,
      await figures('sex=M&area=R', 'population_start_of_year;sex=M;area=R'),
      'rural men, chosen by keyboard on a phone',
    );
    await page.close();
  });
});
