// One-page passport of an indicator (SPEC 2.2 "indicator passports manifest"): what the indicator is,
// where it comes from, its series breaks, and the latest national figure with unit, period and source.

import { createDocument, finish } from './document.js';
import { checkFigure, checkText, formatNumber, formatValue } from './format.js';
import type { IndicatorPassportInput } from './inputs.js';
import { PageWriter, figure, header } from './layout.js';

function validate(input: IndicatorPassportInput, where: string): void {
  checkText(input.id, where, 'id');
  for (const lang of ['kk', 'ru', 'en'] as const) checkText(input.name?.[lang], where, `name.${lang}`);
  checkText(input.unit, where, 'unit');
  checkText(input.source?.title, where, 'source.title');
  checkText(input.source?.url, where, 'source.url');
  checkText(input.revision, where, 'revision');
  checkText(input.attribution, where, 'attribution');
  if (input.latest !== null) {
    checkText(input.latest.period, where, 'latest.period');
    if (!Number.isInteger(input.latest.place_count) || input.latest.place_count < 0) {
      throw new Error(`${where}: field latest.place_count must be a non-negative integer, got ${String(input.latest.place_count)}`);
    }
    checkFigure(input.latest.national_value, input.latest.national_null_reason, where, 'latest.national_value');
  }
}

export async function renderIndicatorPassport(input: IndicatorPassportInput): Promise<Buffer> {
  const where = `indicator passport ${String(input?.id)}`;
  validate(input, where);
  const doc = createDocument({ title: `${input.name.en} — indicator passport`, subject: `indicator:${input.id}`, builtAt: input.builtAt });
  const w = new PageWriter(doc, { revision: input.revision, builtAt: input.builtAt, attribution: input.attribution, pageId: `indicator:${input.id}` });

  header(w, 'Indicator passport · Паспорт показателя · Көрсеткіш төлқұжаты', input.name.en, [input.name.kk, input.name.ru]);

  w.section('Latest national figure');
  if (input.latest === null) {
    figure(w, '— (no observation published yet)', `Unit: ${input.unit} · Source: ${input.source.title}`);
  } else {
    const l = input.latest;
    const value = formatValue(l.national_value, l.national_null_reason);
    figure(
      w,
      l.national_value === null ? value : `${value} ${input.unit}`,
      `Unit: ${input.unit} · Period: ${l.period} · Source: ${input.source.title} · Published for ${formatNumber(l.place_count)} places in this period`,
    );
  }

  w.section('Definition');
  w.fields([
    ['Identifier', input.id],
    ['Layer', input.layer],
    ['Unit', input.unit],
    ['Frequency', input.frequency],
    ['Aggregation', input.aggregation],
    ['Bureau table', input.bureau_table ?? '— (not published as a Bureau table)'],
  ]);

  w.section('Source');
  w.fields([
    ['Publisher', input.source.title],
    ['Address', input.source.url],
    ['Licence / reuse terms', input.source.licence || '— (not stated by the source; check before reuse)'],
  ], 3);

  const hasNotes = input.notes.trim() !== '';
  w.withReserve(hasNotes ? w.sectionReserve(4) : 0, () => {
    w.section('Series breaks');
    if (input.series_breaks.length === 0) w.text('None recorded.', { size: 9.5 });
    else w.list(input.series_breaks, `the indicator passport JSON for ${input.id}`, 3);
  });

  if (hasNotes) {
    w.section('Notes');
    w.text(input.notes, { size: 9.5 });
  }
  return finish(doc, where);
}
