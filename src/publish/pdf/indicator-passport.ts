// One-page passport of an indicator (docs/interface.md §2.2 "indicator passports manifest"): the latest national
// figure with unit, period and source, the national series as a chart, the regions of the latest
// period ranked (those that published nothing shown as such), what the indicator is, where it comes
// from and its series breaks.

import { createDocument, finish } from './document.js';
import { checkFigure, checkText, formatValue } from './format.js';
import type { IndicatorPassportInput } from './inputs.js';
import { PageWriter, figure, header } from './layout.js';
import { drawLegend, drawLegendAt } from './legend.js';
import { formatFigure, formatIn } from './numbers.js';
import { drawRankedBars } from './ranked-bars.js';
import { drawTrendChart } from './trend-chart.js';
import { LANGUAGES } from '../../lib/languages.js';

function validate(input: IndicatorPassportInput, where: string): void {
  checkText(input.id, where, 'id');
  for (const lang of LANGUAGES) checkText(input.name?.[lang], where, `name.${lang}`);
  checkText(input.unit, where, 'unit');
  checkText(input.source?.title, where, 'source.title');
  checkText(input.source?.url, where, 'source.url');
  checkText(input.revision, where, 'revision');
  checkText(input.attribution, where, 'attribution');
  checkText(input.citation.text, where, 'citation.text');
  checkText(input.citation.permalink, where, 'citation.permalink');
  if (input.latest !== null) {
    checkText(input.latest.period, where, 'latest.period');
    if (!Number.isInteger(input.latest.place_count) || input.latest.place_count < 0) {
      throw new Error(
        `${where}: field latest.place_count must be a non-negative integer, got ${String(input.latest.place_count)}`,
      );
    }
    checkFigure(
      input.latest.national_value,
      input.latest.national_null_reason,
      where,
      'latest.national_value',
    );
  }
}

// With a split the national chart is lower, so the ranked regions keep a full row each.
const NATIONAL_HEIGHT = 100;
const NATIONAL_HEIGHT_WITH_SPLIT = 76;
const SPLIT_HEIGHT = 70;
const SPLIT_GUTTER = 14;

/** The national series by sex and by urban/rural, side by side under one heading, each with its key. */
function drawSplitCharts(w: PageWriter, input: IndicatorPassportInput): void {
  const splits = input.split_charts;
  if (!splits.length || w.remaining < w.sectionReserve(0) + 12 + SPLIT_HEIGHT + 6) return;
  w.section(`Kazakhstan by ${splits.map((s) => s.by).join(' and by ')}, ${input.unit}`);
  const legend = w.area(9, 3)!;
  const box = w.area(SPLIT_HEIGHT, 6)!;
  const width = (box.w - SPLIT_GUTTER * (splits.length - 1)) / splits.length;
  splits.forEach((s, i) => {
    const x = box.x + i * (width + SPLIT_GUTTER);
    drawLegendAt(w.pdf, x, legend.y, { main: s.main_label, comparison: s.comparison_label });
    drawTrendChart(w.pdf, { x, y: box.y, w: width, h: box.h }, s.chart);
  });
}

export async function renderIndicatorPassport(input: IndicatorPassportInput): Promise<Buffer> {
  const where = `indicator passport ${String(input?.id)}`;
  validate(input, where);
  const doc = createDocument({
    title: `${input.name.en} — indicator passport`,
    subject: `indicator:${input.id}`,
    builtAt: input.builtAt,
  });
  const w = new PageWriter(doc, {
    revision: input.revision,
    builtAt: input.builtAt,
    attribution: input.attribution,
    citation: input.citation,
    pageId: `indicator:${input.id}`,
  });

  header(w, 'Indicator passport · Паспорт показателя · Көрсеткіш төлқұжаты', input.name.en, [
    input.name.kk,
    input.name.ru,
  ]);

  w.section('Latest national figure');
  if (input.latest === null) {
    figure(
      w,
      '— (no observation published yet)',
      `Unit: ${input.unit} · Source: ${input.source.title}`,
    );
  } else {
    const l = input.latest;
    const status = l.national_status === 'final' ? '' : ` (${l.national_status})`;
    const value =
      l.national_value === null
        ? formatValue(null, l.national_null_reason)
        : formatFigure('en', l.national_value, input.unit, input.decimals) + status;
    const other =
      l.national_value === null
        ? ''
        : `${formatFigure('kk', l.national_value, input.unit, input.decimals)} · ${formatFigure('ru', l.national_value, input.unit, input.decimals)} · `;
    figure(
      w,
      value,
      `${other}Unit: ${input.unit} · Period: ${l.period} · Source: ${input.source.title} · Published for ${formatIn('en', l.place_count, 0)} places in this period`,
    );
  }

  // Pictures first, so the definition and notes are what gets cut when a page is full.
  const reserve = w.sectionReserve(4) * 2;
  w.withReserve(reserve, () => {
    if (input.national_chart) {
      w.section(`Kazakhstan, ${input.unit}: the whole series`);
      drawLegend(w, {
        main: 'Kazakhstan',
        preliminary: 'preliminary or estimate',
        suspicious: 'suspicious',
        break: 'series break (borders, currency)',
      });
      const box = w.area(
        input.split_charts.length ? NATIONAL_HEIGHT_WITH_SPLIT : NATIONAL_HEIGHT,
        6,
      );
      if (box) {
        const left = drawTrendChart(w.pdf, box, input.national_chart);
        if (left.length)
          w.text(`Not plotted (another unit, see notes): ${left.join(', ')}`, {
            size: 7.5,
            color: '#555555',
            maxLines: 1,
          });
      }
    }
    drawSplitCharts(w, input);
    if (input.regions_chart) {
      w.section(input.regions_chart.title);
      const rows = input.regions_chart.rows.length;
      const box = w.area(Math.min(rows * 8.2, w.remaining - 4), 4);
      if (box) drawRankedBars(w.pdf, box, input.regions_chart);
    }
  });

  w.section('Definition');
  w.fields(
    [
      ['Identifier', `${input.id} (layer ${input.layer})`],
      ['Unit', `${input.unit}; ${input.frequency}; aggregated by ${input.aggregation}`],
      ['Bureau table', input.bureau_table ?? '— (not published as a Bureau table)'],
      [
        'Series breaks',
        input.series_breaks.length ? input.series_breaks.join('; ') : 'none recorded',
      ],
    ],
    2,
    110,
  );

  w.section('Source');
  w.fields(
    [
      ['Publisher', input.source.title],
      ['Address', input.source.url],
      [
        'Licence / reuse terms',
        input.source.licence || '— (not stated by the source; check before reuse)',
      ],
    ],
    2,
    110,
  );

  const hasNotes = input.notes.trim() !== '';
  if (hasNotes) {
    w.section('Notes');
    w.text(input.notes, { size: 9 });
  }
  return finish(doc, where);
}
