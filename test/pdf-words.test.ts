// Every PDF of the real release, read back as a reader's tool reads it (poppler's pdftotext -bbox,
// installed by .ci/run): no two words collide, and a region's brief marks only the border changes
// that moved that region's own borders, as its analytics file (read by the explorer) lists them.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { buildApp, type DalaApp } from '../src/serve/app.js';
import { noPdftotext, pdfsToText, pdfToText } from './support/pdftotext.js';
import { realRelease } from './support/release.js';

interface Word {
  page: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  text: string;
}

/** The words of a PDF with their boxes, as pdftotext -bbox prints them (one <page> per page). */
async function words(pdf: Buffer): Promise<Word[]> {
  return wordsOf(await pdfToText(pdf, true));
}

function wordsOf(xhtml: string): Word[] {
  const out: Word[] = [];
  xhtml
    .split('<page ')
    .slice(1)
    .forEach((page, i) => {
      for (const m of page.matchAll(
        /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
      )) {
        out.push({
          page: i,
          x0: Number(m[1]),
          y0: Number(m[2]),
          x1: Number(m[3]),
          y1: Number(m[4]),
          text: m[5]!,
        });
      }
    });
  return out;
}

/** Pairs of words whose boxes overlap by more than half a point across and half the smaller height. */
function collisions(list: Word[]): string[] {
  const found: string[] = [];
  for (let i = 0; i < list.length; i++) {
    for (let j = i + 1; j < list.length; j++) {
      const a = list[i]!;
      const b = list[j]!;
      if (a.page !== b.page) continue;
      const across = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
      const down = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
      if (across > 0.5 && down > 0.5 * Math.min(a.y1 - a.y0, b.y1 - b.y0))
        found.push(
          `"${a.text}" and "${b.text}" on page ${a.page + 1} at ${a.x0.toFixed(1)},${a.y0.toFixed(1)}`,
        );
    }
  }
  return found;
}

describe(
  "the release's PDFs read cleanly",
  { skip: noPdftotext && 'pdftotext is not installed (.ci/run installs poppler-utils)' },
  () => {
    let app: DalaApp;
    let base: string;
    let pdfs: string[];
    const bytes = async (path: string) => {
      const res = await fetch(`${base}/${path}`);
      assert.equal(res.status, 200, path);
      return Buffer.from(await res.arrayBuffer());
    };
    before(async () => {
      const { releasesDir, revision } = await realRelease();
      const seal = JSON.parse(readFileSync(join(releasesDir, revision, 'release.json'), 'utf8'));
      pdfs = seal.files
        .map((f: { path: string }) => f.path)
        .filter((p: string) => p.endsWith('.pdf'));
      app = await buildApp({ releasesDir, logger: false });
      base = await app.listen({ port: 0, host: '127.0.0.1' });
    });
    after(() => app.close());

    test('no two words of any PDF overlap', async () => {
      assert.ok(pdfs.length >= 100, `${pdfs.length} PDFs`);
      const bad: string[] = [];
      const all: Buffer[] = [];
      for (const path of pdfs) all.push(await bytes(path));
      const read = await pdfsToText(all, true);
      pdfs.forEach((path, i) => {
        for (const c of collisions(wordsOf(read[i]!))) bad.push(`${path}: ${c}`);
      });
      assert.deepEqual(bad, []);
    });

    test('the GRP passport labels both border changes, apart', async () => {
      const grp = pdfs.find((p) => /indicator-passports\/grp\.pdf$/.test(p))!;
      const text = (await words(await bytes(grp))).map((w) => w.text).join(' ');
      assert.match(text, /2018 borders/);
      assert.match(text, /2022 borders/);
    });

    test("a region's brief and its analytics list only the border changes that moved its own borders", async () => {
      const brief = async (slug: string) =>
        (
          await words(
            await bytes(
              pdfs.find((p) => p.endsWith(`/${slug}.pdf`) && p.includes('region-briefs'))!,
            ),
          )
        )
          .map((w) => w.text)
          .join(' ');
      const analytics = async (slug: string) =>
        (await (await fetch(`${base}/data/region-analytics/${slug}.json`)).json()) as {
          border_changes: string[];
        };
      // Karaganda: Ulytau split off in 2022; Shymkent's 2018 status and the Abai and Jetisu splits are elsewhere
      assert.doesNotMatch(await brief('karaganda'), /2018/);
      assert.match(await brief('karaganda'), /2022( borders)?/);
      assert.deepEqual((await analytics('karaganda')).border_changes, [
        'event:2022-06-08-ulytau-region-created',
      ]);
      assert.deepEqual((await analytics('almaty-region')).border_changes, [
        'event:2022-06-08-jetisu-region-created',
      ]);
      // Turkistan lost Shymkent in 2018; Shymkent is that change; Akmola had none
      assert.deepEqual((await analytics('turkistan')).border_changes, [
        'event:2018-06-19-shymkent-city-of-republican-significance',
      ]);
      assert.deepEqual((await analytics('shymkent')).border_changes, [
        'event:2018-06-19-shymkent-city-of-republican-significance',
      ]);
      assert.deepEqual((await analytics('akmola')).border_changes, []);
      assert.doesNotMatch(await brief('akmola'), /\b20(18|22) borders\b/);
    });
  },
);
