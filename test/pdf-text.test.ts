// The one-page PDFs' text as a reader's tool extracts it (pdftotext, installed by .ci/run): Kazakh
// Cyrillic extractable, a missing value printed as its reason and never as 0, long notes kept whole;
// and bad input refused.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  renderIndicatorPassport,
  renderObservationCard,
  renderRegionBrief,
} from '../src/publish/pdf/index.js';
import { noPdftotext, pdfToText } from './support/pdftotext.js';
import { card, brief, passport, pageCount } from './support/pdf-inputs.js';

/** The page's words as pdftotext reads them, white space made single spaces. */
const textOf = async (pdf: Buffer) => (await pdfToText(pdf)).replace(/\s+/g, ' ');

describe('text on the page', () => {
  test(
    'Kazakh Cyrillic, the figures and the footer are extractable',
    { skip: noPdftotext },
    async () => {
      const text = await textOf(await renderRegionBrief(brief));
      assert.match(text, /Қарағанды облысы/);
      assert.match(text, /Қарағанды облысының әкімдігі/);
      assert.match(text, /1,134,642 persons · 2024/); // the latest value with its unit and period
      assert.match(text, /— \(not yet published for 2024\)/);
      assert.match(
        text,
        /Data content hash 0123456789abcdef \(sources, not the release revision\) · built 2025-06-01T00:00:00Z/,
      );
      assert.match(text, /primary source/);
      assert.match(text, /бастапқы дереккөзден/);
      const cardText = await textOf(await renderObservationCard(card));
      assert.match(cardText, /4\.1 %/);
      assert.match(cardText, /4,1 %/); // kk and ru write a decimal comma
      assert.match(cardText, /Жұмыссыздық деңгейі/);
    },
  );

  test('a missing value is printed as — (reason), never as 0', { skip: noPdftotext }, async () => {
    const text = await textOf(
      await renderObservationCard({
        ...card,
        value: null,
        null_reason: 'not published by the Bureau',
      }),
    );
    assert.match(text, /— \(not published by the Bureau\)/);
    assert.doesNotMatch(text, /\b0 percent/);
  });

  test('overlong inputs are cut with an ellipsis and stay on one page', async () => {
    const long = 'Өте ұзын мәтін қағаз бетіне сыймайды. '.repeat(400);
    const many = Array.from(
      { length: 120 },
      (_, i) => `Institution ${i + 1}: ${long.slice(0, 80)}`,
    );
    const pages = [
      await renderIndicatorPassport({
        ...passport,
        notes: long,
        series_breaks: many,
        name: { ...passport.name, en: long },
      }),
      await renderObservationCard({
        ...card,
        title: long,
        source: { title: long, url: 'https://stat.gov.kz/' + 'x'.repeat(3000) },
      }),
      await renderRegionBrief({
        ...brief,
        indicators: Array.from({ length: 80 }, (_, i) => ({
          ...brief.indicators[0]!,
          name: `Indicator ${i + 1} ${long.slice(0, 120)}`,
        })),
        institutions: many,
        sources: many,
      }),
    ];
    for (const pdf of pages) assert.equal(pageCount(pdf), 1);
    if (!noPdftotext) {
      const text = await textOf(pages[2]!);
      assert.match(text, /…/);
      assert.match(text, /more indicators not drawn/);
      // Later sections and the footer keep their room however long the table is.
      assert.match(text, /Institutions • Institution 1/);
      assert.match(text, /Sources • Institution 1/);
      assert.match(text, /Data content hash 0123456789abcdef/);
      assert.match(await textOf(pages[0]!), /Notes Өте ұзын/);
    }
  });
});

describe('bad input', () => {
  test('a null value without a reason is refused, naming the page and the field', async () => {
    await assert.rejects(
      renderObservationCard({ ...card, value: null, null_reason: null }),
      /observation card obs:unemployment_rate:KZ-35:2024: field value is null without a null_reason/,
    );
    await assert.rejects(
      renderRegionBrief({ ...brief, indicators: [{ ...brief.indicators[0]!, value: Number.NaN }] }),
      /region brief KZ-35: field indicators\[0\]\.value must be a finite number/,
    );
  });

  test('an invalid build date is refused', async () => {
    await assert.rejects(
      renderIndicatorPassport({ ...passport, builtAt: new Date('nope') }),
      /field builtAt must be a valid Date/,
    );
  });
});
