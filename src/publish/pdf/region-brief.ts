// One-page brief of one of the 20 regions (docs/interface.md §2.2 "region briefs manifest"): names, official names,
// area, a locator map, each official indicator as a trend chart against the national series with its
// latest value, unit, period and status, institutions and sources.

import { createDocument, finish } from './document.js';
import { checkFigure, checkText, formatValue } from './format.js';
import type { RegionBriefInput } from './inputs.js';
import { PageWriter, header } from './layout.js';
import { drawLegend } from './legend.js';
import { drawLocatorMap } from './locator-map.js';
import { formatFigure } from './numbers.js';
import { drawTrendChart } from './trend-chart.js';
import { LANGUAGES } from '../../lib/languages.js';

function validate(input: RegionBriefInput, where: string): void {
  checkText(input.iso, where, 'iso');
  checkText(input.slug, where, 'slug');
  for (const lang of LANGUAGES) {
    checkText(input.name?.[lang], where, `name.${lang}`);
    checkText(input.official_name?.[lang], where, `official_name.${lang}`);
    checkText(input.admin_centre?.[lang], where, `admin_centre.${lang}`);
  }
  if (
    typeof input.area_km2 !== 'number' ||
    !Number.isFinite(input.area_km2) ||
    input.area_km2 <= 0
  ) {
    throw new Error(
      `${where}: field area_km2 must be a positive number, got ${String(input.area_km2)}`,
    );
  }
  checkText(input.area_source, where, 'area_source');
  checkText(input.revision, where, 'revision');
  checkText(input.attribution, where, 'attribution');
  checkText(input.citation.text, where, 'citation.text');
  checkText(input.citation.permalink, where, 'citation.permalink');
  input.indicators.forEach((ind, i) => {
    const field = `indicators[${i}]`;
    checkText(ind.name, where, `${field}.name`);
    checkText(ind.unit, where, `${field}.unit`);
    checkText(ind.period, where, `${field}.period`);
    checkText(ind.source, where, `${field}.source`);
    checkFigure(ind.value, ind.null_reason, where, `${field}.value`);
  });
}

/** "1,134,642 persons · 2024", or "— (reason) · 2024", with the status when it is not final. */
function latestLine(ind: RegionBriefInput['indicators'][number]): string {
  const value =
    ind.value === null
      ? formatValue(null, ind.null_reason)
      : formatFigure('en', ind.value, ind.unit, ind.decimals);
  const status = ind.status === 'final' ? '' : ` (${ind.status})`;
  return `${value}${status} · ${ind.period}`;
}

export async function renderRegionBrief(input: RegionBriefInput): Promise<Buffer> {
  const where = `region brief ${String(input?.iso)}`;
  validate(input, where);
  const pageId = `region:${input.iso}`;
  const doc = createDocument({
    title: `${input.name.en} — region brief`,
    subject: pageId,
    builtAt: input.builtAt,
  });
  const w = new PageWriter(doc, {
    revision: input.revision,
    builtAt: input.builtAt,
    attribution: input.attribution,
    citation: input.citation,
    pageId,
  });
  const full = `/data/ region analytics for ${input.slug}`;

  header(w, `Region brief · Өңір анықтамасы · Справка по региону · ${input.iso}`, input.name.en, [
    `${input.name.kk} · ${input.name.ru}`,
  ]);

  const mapBox = w.beside(200, 118, () => {
    w.fields(
      [
        ['Official name', input.official_name.en],
        ['Ресми атауы', input.official_name.kk],
        ['Официальное название', input.official_name.ru],
        ['Kind', input.kind],
        [
          'Administrative centre',
          `${input.admin_centre.en} · ${input.admin_centre.kk} · ${input.admin_centre.ru}`,
        ],
        [
          'Area',
          `${formatFigure('en', Math.round(input.area_km2), 'km²', 0)} (source: ${input.area_source})`,
        ],
        ['Codes', `ISO 3166-2 ${input.iso} · ${input.slug}`],
      ],
      2,
      110,
    );
  });
  if (mapBox) drawLocatorMap(w.pdf, mapBox, input.map);

  // Institutions and sources keep at least a few lines each however many charts there are.
  w.withReserve(w.sectionReserve(2) * 2, () => {
    w.section('Official indicators: the region (blue) against Kazakhstan (grey)');
    if (input.indicators.length === 0) {
      w.text('— (no indicator published for this region)', { size: 9.5 });
      return;
    }
    drawLegend(w, {
      main: input.name.en,
      comparison: 'Kazakhstan (right axis where the scale differs)',
      preliminary: 'preliminary or estimate',
      suspicious: 'suspicious',
      break: 'series break',
    });
    const cols = input.indicators.length <= 4 ? 2 : 3;
    const rows = Math.ceil(input.indicators.length / cols);
    const titleH = 2 * w.lineHeight({ size: 7.5 }) + 1;
    const chartH = Math.max(48, Math.min(96, (w.remaining - 8) / rows - titleH - 6));
    const colW = (w.width - (cols - 1) * 10) / cols;
    for (let r = 0; r < rows; r++) {
      const row = input.indicators.slice(r * cols, r * cols + cols);
      const band = w.area(titleH + chartH, 6);
      if (!band) {
        w.text(
          `… ${input.indicators.length - r * cols} more indicators not drawn; full series: ${full}`,
          { size: 8, color: '#555555', maxLines: 1 },
        );
        break;
      }
      row.forEach((ind, c) => {
        const x = band.x + c * (colW + 10);
        w.draw(
          ind.name,
          { bold: true, size: 7.5, maxLines: 1 },
          x,
          band.y,
          colW,
          w.lineHeight({ size: 7.5 }),
        );
        w.draw(
          latestLine(ind),
          { size: 7.5, maxLines: 1 },
          x,
          band.y + w.lineHeight({ size: 7.5 }),
          colW,
          w.lineHeight({ size: 7.5 }),
        );
        drawTrendChart(w.pdf, { x, y: band.y + titleH, w: colW, h: chartH }, ind.chart);
      });
    }
  });

  w.withReserve(w.sectionReserve(2), () => {
    w.section('Institutions');
    if (input.institutions.length === 0) w.text('— (none listed)', { size: 9.5 });
    else w.list(input.institutions, `institutions catalog, region ${input.iso}`, 1);
  });

  w.section('Sources');
  if (input.sources.length === 0) w.text('— (none listed)', { size: 9.5 });
  else w.list(input.sources, full, 2);

  return finish(doc, where);
}
