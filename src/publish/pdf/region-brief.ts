// One-page brief of one of the 20 regions (SPEC 2.2 "region briefs manifest"): names, official names,
// area, the latest official indicators each with unit, period and source, institutions and sources.

import { createDocument, finish } from './document.js';
import { checkFigure, checkText, formatNumber, formatValue } from './format.js';
import type { RegionBriefInput } from './inputs.js';
import { PageWriter, header } from './layout.js';

function validate(input: RegionBriefInput, where: string): void {
  checkText(input.iso, where, 'iso');
  checkText(input.slug, where, 'slug');
  for (const lang of ['kk', 'ru', 'en'] as const) {
    checkText(input.name?.[lang], where, `name.${lang}`);
    checkText(input.official_name?.[lang], where, `official_name.${lang}`);
    checkText(input.admin_centre?.[lang], where, `admin_centre.${lang}`);
  }
  if (typeof input.area_km2 !== 'number' || !Number.isFinite(input.area_km2) || input.area_km2 <= 0) {
    throw new Error(`${where}: field area_km2 must be a positive number, got ${String(input.area_km2)}`);
  }
  checkText(input.area_source, where, 'area_source');
  checkText(input.revision, where, 'revision');
  checkText(input.attribution, where, 'attribution');
  input.indicators.forEach((ind, i) => {
    const field = `indicators[${i}]`;
    checkText(ind.name, where, `${field}.name`);
    checkText(ind.unit, where, `${field}.unit`);
    checkText(ind.period, where, `${field}.period`);
    checkText(ind.source, where, `${field}.source`);
    checkFigure(ind.value, ind.null_reason, where, `${field}.value`);
  });
}

export async function renderRegionBrief(input: RegionBriefInput): Promise<Buffer> {
  const where = `region brief ${String(input?.iso)}`;
  validate(input, where);
  const pageId = `region:${input.iso}`;
  const doc = createDocument({ title: `${input.name.en} — region brief`, subject: pageId, builtAt: input.builtAt });
  const w = new PageWriter(doc, { revision: input.revision, builtAt: input.builtAt, attribution: input.attribution, pageId });
  const full = `/data/ region analytics for ${input.slug}`;

  header(w, `Region brief · Өңір анықтамасы · Справка по региону · ${input.iso}`, input.name.en, [
    `${input.name.kk} · ${input.name.ru}`,
  ]);

  w.fields([
    ['Official name', input.official_name.en],
    ['Ресми атауы', input.official_name.kk],
    ['Официальное название', input.official_name.ru],
    ['Kind', input.kind],
    ['Administrative centre', `${input.admin_centre.en} · ${input.admin_centre.kk} · ${input.admin_centre.ru}`],
    ['Area', `${formatNumber(Math.round(input.area_km2))} km² (source: ${input.area_source})`],
    ['Codes', `ISO 3166-2 ${input.iso} · ${input.slug}`],
  ]);

  // Institutions and sources keep at least a few lines each however long the indicator table is.
  w.withReserve(w.sectionReserve(3) * 2, () => {
    w.section('Official indicators');
    if (input.indicators.length === 0) {
      w.text('— (no indicator published for this region)', { size: 9.5 });
    } else {
      w.table(
        [
          { title: 'Indicator', width: 30 },
          { title: 'Value', width: 18 },
          { title: 'Unit', width: 16 },
          { title: 'Period', width: 11 },
          { title: 'Source', width: 25 },
        ],
        input.indicators.map((i) => [i.name, formatValue(i.value, i.null_reason), i.unit, i.period, i.source]),
        full,
      );
    }
  });

  w.withReserve(w.sectionReserve(3), () => {
    w.section('Institutions');
    if (input.institutions.length === 0) w.text('— (none listed)', { size: 9.5 });
    else w.list(input.institutions, `institutions catalog, region ${input.iso}`, 1);
  });

  w.section('Sources');
  if (input.sources.length === 0) w.text('— (none listed)', { size: 9.5 });
  else w.list(input.sources, full, 2);

  return finish(doc, where);
}
