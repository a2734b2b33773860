// One-page media-kit card, one per public observation (docs/interface.md §2.2 "media kit manifest"): the figure
// with unit, period, status and source in the three languages' number formats, the value's series as
// a sparkline with the card's period highlighted, and the content hash that ties it to the
// observations file.

import { createDocument, finish } from './document.js';
import { checkFigure, checkText, formatValue } from './format.js';
import type { ObservationCardInput } from './inputs.js';
import { PageWriter, figure, header } from './layout.js';
import { drawLegend } from './legend.js';
import { formatFigure } from './numbers.js';
import { drawTrendChart } from './trend-chart.js';
import { LANGUAGES } from '../../lib/languages.js';

function validate(input: ObservationCardInput, where: string): void {
  checkText(input.id, where, 'id');
  checkText(input.title, where, 'title');
  for (const lang of LANGUAGES) {
    checkText(input.place_name?.[lang], where, `place_name.${lang}`);
    checkText(input.indicator_name?.[lang], where, `indicator_name.${lang}`);
  }
  checkText(input.unit, where, 'unit');
  checkText(input.period, where, 'period');
  checkText(input.status, where, 'status');
  checkText(input.source?.title, where, 'source.title');
  checkText(input.source?.url, where, 'source.url');
  checkText(input.content_hash, where, 'content_hash');
  checkText(input.revision, where, 'revision');
  checkText(input.attribution, where, 'attribution');
  checkText(input.citation.text, where, 'citation.text');
  checkText(input.citation.permalink, where, 'citation.permalink');
  checkFigure(input.value, input.null_reason, where, 'value');
}

export async function renderObservationCard(input: ObservationCardInput): Promise<Buffer> {
  const where = `observation card ${String(input?.id)}`;
  validate(input, where);
  const doc = createDocument({ title: input.title, subject: input.id, builtAt: input.builtAt });
  const w = new PageWriter(doc, {
    revision: input.revision,
    builtAt: input.builtAt,
    attribution: input.attribution,
    citation: input.citation,
    pageId: input.id,
  });

  header(
    w,
    'Media kit · Observation card · Бақылау карточкасы · Карточка наблюдения',
    input.title,
    [`${input.place_name.kk} · ${input.place_name.ru} · ${input.place_name.en}`],
  );

  w.section(input.indicator_name.en);
  w.text(`${input.indicator_name.kk} · ${input.indicator_name.ru}`, {
    size: 10,
    color: '#333333',
    maxLines: 2,
    gap: 6,
  });
  const status = input.status === 'final' ? '' : ` (${input.status})`;
  if (input.value === null) {
    figure(
      w,
      formatValue(null, input.null_reason),
      `Unit: ${input.unit} · Period: ${input.period} · Status: ${input.status} · Source: ${input.source.title}`,
    );
  } else {
    figure(
      w,
      `${formatFigure('en', input.value, input.unit, input.decimals)}${status}`,
      `${formatFigure('kk', input.value, input.unit, input.decimals)} · ${formatFigure('ru', input.value, input.unit, input.decimals)} · Unit: ${input.unit} · Period: ${input.period} · Status: ${input.status} · Source: ${input.source.title}`,
    );
  }

  w.section(`The series, ${input.period} highlighted`);
  drawLegend(w, {
    main: input.place_name.en,
    preliminary: 'preliminary or estimate',
    suspicious: 'suspicious',
    break: 'series break',
  });
  const box = w.area(90, 6);
  if (box) drawTrendChart(w.pdf, box, input.sparkline, true);

  w.section('Provenance');
  w.fields(
    [
      ['Source', input.source.title],
      ['Source address', input.source.url],
      ['Status', input.status],
      ['Observation id', input.id],
      ['Content hash', input.content_hash],
    ],
    3,
  );
  return finish(doc, where);
}
