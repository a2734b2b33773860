// One-page PDFs of docs/interface.md §2.2 (indicator passports, media-kit cards, region briefs): real A4 PDFs,
// one page, embedded DejaVu font, byte-identical across builds, in a fresh process and on the render
// pool's threads. The text on the page and bad input: pdf-text.test.ts.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';
import {
  renderIndicatorPassport,
  renderObservationCard,
  renderRegionBrief,
} from '../src/publish/pdf/index.js';
import { PdfRenderPool } from '../src/publish/pdf/render-pool.js';
import { passport, card, brief, renderers, pageCount } from './support/pdf-inputs.js';

for (const r of renderers) {
  describe(r.kind, () => {
    test('is a one-page PDF with the DejaVu font embedded', async () => {
      const pdf = await r.render();
      assert.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-');
      assert.equal(pageCount(pdf), 1);
      assert.match(pdf.toString('latin1'), /\/FontFile2 \d+ 0 R/);
      assert.match(pdf.toString('latin1'), /\/BaseFont \/[A-Z]{6}\+DejaVuSans/);
      assert.doesNotMatch(pdf.toString('latin1'), /Helvetica/);
    });

    test('two renders of the same input are byte-identical', async () => {
      const [a, b] = await Promise.all([r.render(), r.render()]);
      assert.ok(a.equals(b));
    });

    test('the build date sets CreationDate and ModDate, so another build date changes the bytes', async () => {
      const a = await r.render();
      const b = await r.at(new Date('2026-01-02T03:04:05Z'));
      assert.ok(!a.equals(b));
      assert.match(a.toString('latin1'), /\(D:20250601000000Z\)/);
      assert.match(b.toString('latin1'), /\(D:20260102030405Z\)/);
    });
  });
}

describe('determinism', () => {
  test('a card rendered alone in a fresh process equals one rendered after other pages here', async () => {
    // Guards against state carried between documents (font caches, counters): the lone render has
    // no history, the in-process one follows every render above.
    await renderIndicatorPassport(passport);
    await renderRegionBrief(brief);
    const here = await renderObservationCard(card);
    const index = fileURLToPath(new URL('../src/publish/pdf/index.ts', import.meta.url));
    const code = [
      `const { renderObservationCard } = await import(${JSON.stringify(index)});`,
      'const input = JSON.parse(process.argv[1]);',
      'input.builtAt = new Date(input.builtAt);',
      'process.stdout.write((await renderObservationCard(input)).toString("base64"));',
    ].join('\n');
    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', code, JSON.stringify(card)],
      {
        encoding: 'utf8',
        maxBuffer: 1 << 26,
      },
    );
    assert.equal(child.status, 0, child.stderr);
    assert.ok(Buffer.from(child.stdout, 'base64').equals(here));
  });
});

describe('the render pool (worker threads)', () => {
  test('each page rendered on the pool equals the page rendered on this thread, whatever thread took it', async () => {
    const pool = new PdfRenderPool(2);
    try {
      const jobs = [
        { kind: 'indicator-passport', input: passport },
        { kind: 'observation-card', input: card },
        { kind: 'region-brief', input: brief },
        { kind: 'observation-card', input: card },
        { kind: 'indicator-passport', input: passport },
      ] as const;
      const pooled = await Promise.all(jobs.map((job, i) => pool.render(job, `page-${i}.pdf`)));
      const here = {
        'indicator-passport': await renderIndicatorPassport(passport),
        'observation-card': await renderObservationCard(card),
        'region-brief': await renderRegionBrief(brief),
      };
      jobs.forEach((job, i) =>
        assert.ok(pooled[i]!.equals(here[job.kind]), `${job.kind} (job ${i})`),
      );
    } finally {
      await pool.close();
    }
  });

  test('a page the pool cannot render fails with its path and the reason of its renderer', async () => {
    const pool = new PdfRenderPool(1);
    try {
      await assert.rejects(
        pool.render(
          { kind: 'observation-card', input: { ...card, value: null, null_reason: null } },
          'media-kit/bad.pdf',
        ),
        /data\/media-kit\/bad\.pdf: observation card obs:unemployment_rate:KZ-35:2024: field value is null without a null_reason/,
      );
      // the thread goes on with the next page
      assert.equal(
        pageCount(
          await pool.render({ kind: 'observation-card', input: card }, 'media-kit/good.pdf'),
        ),
        1,
      );
    } finally {
      await pool.close();
    }
  });
});
