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
import { drawRankedBars, REGIONS_ELSEWHERE } from './ranked-bars.js';
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
/** Lines a definition or source field may take: enough for the longest licence text whole. */
const FIELD_LINES = 5;
const NATIONAL_HEIGHT_WITH_SPLIT = 76;
const SPLIT_HEIGHT = 70;
const SPLIT_GUTTER = 14;
/** A ranking with room for fewer rows (of 8.2 points each) is not drawn. */
const RANKING_MIN_ROWS = 5;

/** The national series by sex and by urban/rural, side by side under one heading, each with its key. */
function drawSplitCharts(w: PageWriter, input: IndicatorPassportInput, height: number): void {
  const splits = input.split_charts;
  if (!splits.length || w.remaining < w.sectionReserve(0) + 12 + height + 6) return;
  w.section(`Kazakhstan by ${splits.map((s) => s.by).join(' and by ')}, ${input.unit}`);
  const legend = w.area(9, 3)!;
  const box = w.area(height, 6)!;
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
      `${other}Unit: ${input.unit} · Period: ${l.period} · Source: ${input.source.title} · Published for ${formatIn('en', l.place_count, 0)} place${l.place_count === 1 ? '' : 's'} in this period`,
    );
  }

  // The definition, source and notes are printed whole: the pictures take the space they leave.
  const definition: [string, string][] = [
    ['Identifier', `${input.id} (layer ${input.layer})`],
    ['Unit', `${input.unit}; ${input.frequency}; aggregated by ${input.aggregation}`],
    ['Bureau table', input.bureau_table],
    [
      'Series breaks',
      input.series_breaks.length ? input.series_breaks.join('; ') : 'none recorded',
    ],
  ];
  const source: [string, string][] = [
    ['Publisher', input.source.title],
    ['Address', input.source.url],
    [
      'Licence / reuse terms',
      input.source.licence || '— (not stated by the source; check before reuse)',
    ],
  ];
  const hasNotes = input.notes.trim() !== '';
  const notes = { size: 8, maxLines: Infinity };
  const reserve =
    w.sectionReserve(0) * (hasNotes ? 3 : 2) +
    w.fieldsHeight(definition, FIELD_LINES, 110) +
    w.fieldsHeight(source, FIELD_LINES, 110) +
    (hasNotes ? w.textHeight(input.notes, notes) : 0);
  w.withReserve(reserve, () => {
    // The charts shrink together (to three quarters of their height at most) so that the split
    // still fits above the text; the ranking takes the room left, or says where it is.
    const split = input.split_charts.length > 0;
    const nationalHeight = split ? NATIONAL_HEIGHT_WITH_SPLIT : NATIONAL_HEIGHT;
    const heading = w.sectionReserve(0) + 12;
    const fixed =
      (input.national_chart ? heading + 16 : 0) +
      (split ? heading + 6 : 0) +
      (input.regions_chart ? heading : 0);
    const flexible = (input.national_chart ? nationalHeight : 0) + (split ? SPLIT_HEIGHT : 0);
    const scale =
      flexible === 0 ? 1 : Math.max(0.75, Math.min(1, (w.remaining - fixed) / flexible));
    if (input.national_chart) {
      w.section(`Kazakhstan, ${input.unit}: the whole series`);
      drawLegend(w, {
        main: 'Kazakhstan',
        preliminary: 'preliminary or estimate',
        suspicious: 'suspicious',
        break: 'series break (borders, currency)',
      });
      const box = w.area(Math.floor(nationalHeight * scale), 6);
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
    drawSplitCharts(w, input, Math.floor(SPLIT_HEIGHT * scale));
    if (input.regions_chart) {
      w.section(input.regions_chart.title);
      const rows = input.regions_chart.rows.length;
      const box =
        w.remaining >= RANKING_MIN_ROWS * 8.2
          ? w.area(Math.min(rows * 8.2, w.remaining - 4), 4)
          : null;
      if (box) drawRankedBars(w.pdf, box, input.regions_chart);
      else
        w.text(`No room for the ${rows} places on this page: ${REGIONS_ELSEWHERE}`, {
          size: 7.5,
          color: '#555555',
          maxLines: 1,
        });
    }
  });

  w.section('Definition');
  w.fields(definition, FIELD_LINES, 110);
  w.section('Source');
  w.fields(source, FIELD_LINES, 110);
  if (hasNotes) {
    w.section('Notes');
    w.text(input.notes, notes);
  }
  return finish(doc, where);
}
