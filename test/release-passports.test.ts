// The indicator passports say what the release holds, read from the production app's PDFs: a figure
// for an indicator published by district, the Bureau table of every Bureau indicator, a rate with
// its source's digits (never fewer), the whole notes of every indicator and the publisher of its data.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { noPdftotext, pdfsToText, pdfToText } from './support/pdftotext.js';
import { servedRealRelease } from './support/real-app.js';

describe(
  'indicator passports',
  { skip: noPdftotext && 'pdftotext (poppler-utils) is not installed' },
  () => {
    const served = servedRealRelease({ rateLimit: { burst: 10_000, refillPerSecond: 1000 } });
    const get = async (path: string) => {
      const res = await fetch(`${served.base()}${path}`);
      assert.equal(res.status, 200, path);
      return res;
    };
    const pdfBytes = async (id: string) =>
      Buffer.from(await (await get(`/data/indicator-passports/${id}.pdf`)).arrayBuffer());
    const page = async (id: string) => (await pdfToText(await pdfBytes(id))).replace(/\s+/gu, ' ');
    const indicators = async () => {
      const out: any[] = [];
      for (let path: string | null = '/api/v1/indicators?limit=100'; path !== null;) {
        const body: any = await (await get(path)).json();
        out.push(...body.data);
        path = body.links?.next ?? null;
      }
      return out;
    };

    test('an indicator published by district gives its latest period and places, not "no observation published yet"', async () => {
      const text = await page('population_by_district');
      assert.doesNotMatch(text, /no observation published yet/);
      assert.match(text, /no national figure/);
      assert.match(text, /Period: 2023-01-01 .* Published for \d{3} places in this period/);
    });

    test("each passport prints its indicator's notes whole, its Bureau table as the source says, and its data's publisher", async () => {
      const manifest: any = await (await get('/data/indicator-passports/manifest.json')).json();
      const passports = new Set(manifest.files.map((f: any) => f.path));
      const sources = new Map<string, any>();
      const listed = (await indicators()).filter((ind) =>
        passports.has(`/data/indicator-passports/${ind.id.replace('indicator:', '')}.pdf`),
      );
      // every passport's text in one pdftotext pass
      const pdfs: Buffer[] = [];
      for (const ind of listed) pdfs.push(await pdfBytes(ind.id.replace('indicator:', '')));
      const texts = await pdfsToText(pdfs);
      let read = 0;
      for (const [i, ind] of listed.entries()) {
        const id = ind.id.replace('indicator:', '');
        read++;
        const text = texts[i]!.replace(/\s+/gu, ' ');
        const notes = (await (await get(`/api/v1/indicators/${ind.id}`)).json()).data.notes;
        // compared without white space and hyphens: the page breaks lines, and pdftotext joins a
        // word broken after its hyphen ("Южно-|Казахстанская") without it
        const squeeze = (t: string) => t.replace(/[\s-]+/gu, '');
        assert.ok(squeeze(text).includes(squeeze(notes)), `${id}: the notes are printed whole`);
        const source =
          sources.get(ind.source) ??
          (await (await get(`/api/v1/sources/${ind.source}`)).json()).data;
        sources.set(ind.source, source);
        const bureau = /^Bureau of National Statistics/.test(source.publisher);
        assert.equal(
          /not (published as )?a Bureau table/.test(text),
          !bureau,
          `${id}: Bureau table`,
        );
        if (!bureau)
          assert.ok(
            text.includes(`not a Bureau table: published by ${source.publisher}`),
            `${id}: names its publisher`,
          );
        // a long attribution breaks at a hyphen too ("city-water-quality-|index")
        assert.ok(
          squeeze(text).includes(squeeze(source.attribution)),
          `${id}: the footer credits ${source.attribution}`,
        );
      }
      assert.equal(read, passports.size, 'every passport was read');
    });

    test('a rate is printed with the digits its table shows: 4.7 %, not 4.700 %', async () => {
      const text = await page('unemployment_rate_quarterly');
      assert.match(text, /4\.7 % /);
      assert.doesNotMatch(text, /\d\.\d00 %/);
    });

    test('a figure is printed with every digit its table shows, four decimals or eight: never cut to three', async () => {
      // the decent work table displays hazardous child labour as "0.0000": 2023 is 0.0107
      assert.match(await page('hazardous_child_labour_share'), /Latest national figure 0\.0107 % /);
      const sdg = await get(
        '/api/v1/observations?indicator=sdg_17_19_1_l_oda_rcp&place=KZ&period=2017',
      );
      const { value } = ((await sdg.json()) as any).data[0];
      assert.match(String(value), /\.\d{4,}$/, 'a value of more than three decimals');
      assert.match(
        await page('sdg_17_19_1_l_oda_rcp'),
        new RegExp(` ${String(value).replace('.', '\\.')}`),
      );
    });
  },
);
