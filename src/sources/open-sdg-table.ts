// An Open SDG data repository read whole (the Bureau's SDG platform, kazstat-sdg): every data file
// with rows, its observations (open-sdg-rows.ts) grouped into indicators and points, and each
// indicator's metadata derived from the platform's own (open-sdg-meta.ts), so a declaration names the
// repository once and its indicators come from the reader (docs/architecture.md "The registry").
//
// What becomes what (docs/architecture.md "The SDG platform"): SEX, URBANISATION and AGE are the
// model's dimensions sex, area and age; every other column (SERIES, UNIT_MEASURE, Units,
// COMPOSITE_BREAKDOWN, ACTIVITY, EDUCATION_LEV, INCOME_WEALTH_QUANTILE) holds different measures or
// units, so each combination of its codes in a file is an indicator of its own, named by the file's
// indicator and the codes' labels in the platform's translations (the raw code where the platform has
// none, as the platform shows it). A key (indicator, place, year, codes) written twice with one value
// is one point; with different values it is published as no value, status suspicious, its note
// naming every line and value: the reader never picks one.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { checkWorkbookMatchesCsv } from './open-sdg-xlsx.js';
import { markBorderChanges } from './bns-breaks.js';
import type { Names } from '../lib/languages.js';
import { LANGUAGES } from '../lib/languages.js';
import { isDimensionCode, type DimensionId } from '../lib/dimensions.js';
import type { IndicatorDeclaration } from './registry/indicator-schema.js';
import type { Point } from './records.js';
import { codeNames, indicatorAbout, indicatorNames, loadOpenSdgMeta, type OpenSdgMeta, type TranslationGroup } from './open-sdg-meta.js';
import { observationsOf, type Observation, type RowRules } from './open-sdg-rows.js';

export interface OpenSdgSpec extends RowRules {
  /** The source the points cite. */
  source_id: string;
  /** The repository's folder in the snapshot directory. */
  root: string;
  /** Indicators (file ids such as "11-6-2") left out, each with the reason. */
  skip: { indicator: string; note: string }[];
  /** What every derived indicator states (layer, review status, source URL pattern). */
  layer: string;
  review_status: 'unreviewed' | 'reviewed';
  indicator_url: string;
}

export interface OpenSdgRead {
  indicators: IndicatorDeclaration[];
  points: Point[];
}

export interface RepoAccess {
  read: (path: string) => Promise<string>;
  /** The repository's absolute folder of data files. */
  dataDir: string;
}

const DATA_FILE = /^indicator_(\d{1,2}-[0-9a-z]+-\d+(?:-\d+)?)\.csv$/;
const WORKBOOK = /^indicator_(\d{1,2}-[0-9a-z]+-\d+(?:-\d+)?)\.xlsx$/;
const UNIT_COLUMNS = ['UNIT_MEASURE', 'Units'];
const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '');

export async function readOpenSdg(repo: RepoAccess, spec: OpenSdgSpec): Promise<OpenSdgRead> {
  const meta = await loadOpenSdgMeta(repo.read);
  const names = await readdir(repo.dataDir);
  const workbooks = new Set(names.map((f) => WORKBOOK.exec(f)?.[1]).filter((id) => id !== undefined));
  const ids = names
    .map((f) => DATA_FILE.exec(f)?.[1])
    .filter((id): id is string => id !== undefined)
    .sort(byNationalNumber);
  const isAge = (code: string) => isDimensionCode('age', code);
  const indicators: IndicatorDeclaration[] = [];
  const points: Point[] = [];
  for (const id of ids) {
    if (spec.skip.some((s) => s.indicator === id)) continue;
    const file = `data/indicator_${id}.csv`;
    const text = await repo.read(file);
    if (workbooks.has(id)) await checkWorkbookMatchesCsv(join(repo.dataDir, `indicator_${id}.xlsx`), text, `${spec.root}/${file}`);
    const observations = observationsOf(file, text, spec, isAge);
    // a header-only file is an indicator the platform has no data for yet
    if (observations.length === 0) continue;
    const read = await indicatorsOf(id, observations, meta, spec);
    indicators.push(...read.indicators);
    points.push(...read.points);
  }
  return { indicators, points };
}

/** 1-2-1 before 1-10-1 before 10-1-1: the platform's own order of goals, targets and indicators. */
function byNationalNumber(a: string, b: string): number {
  const parts = (s: string) => s.split('-').map((p) => (/^\d+$/.test(p) ? p.padStart(3, '0') : `~${p}`));
  const [x, y] = [parts(a).join('.'), parts(b).join('.')];
  return x < y ? -1 : x > y ? 1 : 0;
}

async function indicatorsOf(id: string, observations: Observation[], meta: OpenSdgMeta, spec: OpenSdgSpec): Promise<OpenSdgRead> {
  const file = `data/indicator_${id}.csv`;
  const config = await meta.config(id);
  const about = await meta.meta(id);
  const name = indicatorNames(meta.translations, config, about);
  if (name === null) throw new Error(`${spec.root}/indicator-config/${id}.yml: the platform names indicator ${id} in none of kk, ru, en`);
  const { definition, sources } = indicatorAbout(meta.translations, about);
  const notation = typeof config.indicator_number === 'string' ? config.indicator_number : id.replace(/-/g, '.');
  const splitKey = (o: Observation) => JSON.stringify(o.split);
  const splits = [...new Set(observations.map(splitKey))];
  const base = `sdg_${slug(id)}`;
  const indicators: IndicatorDeclaration[] = [];
  const points: Point[] = [];
  const seenIds = new Set<string>();
  for (const key of splits) {
    const codes = JSON.parse(key) as Record<string, string>;
    const own = observations.filter((o) => splitKey(o) === key);
    const varying = Object.keys(codes).filter((c) => new Set(observations.map((o) => o.split[c])).size > 1);
    const labelled = varying.filter((c) => codes[c] !== '');
    const indicatorId = labelled.length === 0 ? base : `${base}_${labelled.map((c) => slug(codes[c]!)).join('_')}`;
    if (seenIds.has(indicatorId)) throw new Error(`${spec.root}/${file}: two breakdowns make the indicator id ${indicatorId}`);
    seenIds.add(indicatorId);
    const unit = unitOf(codes, config, meta, file, spec.root);
    const dims = (['sex', 'area', 'age'] as const).filter((d) => own.some((o) => o[d] !== '_T'));
    const labels = labelled.map((c) => labelOf(meta, c, codes[c]!));
    indicators.push({
      id: indicatorId,
      layer: spec.layer,
      topics: [`sdg-${id.split('-')[0]}`],
      name: labels.length === 0 ? name : withLabels(name, labels),
      unit: unit.id,
      unit_name: unit.name,
      frequency: 'annual',
      period_kind: 'interval',
      aggregation: 'last',
      bureau_table: null,
      notation,
      series_breaks: [],
      notes: notesOf(id, definition, sources, file, spec.root),
      source_url: spec.indicator_url.replace('{id}', id),
      review_status: spec.review_status,
      zero_is_value: true,
      ...(dims.length === 0 ? {} : { dimensions: [...dims] }),
    });
    const read = pointsOf(indicatorId, dims, unit.id, own, spec);
    // the border notes and breaks of the Bureau's regional series, per series (one code of each dimension)
    const series = new Map<string, Point[]>();
    for (const p of read) {
      const key = JSON.stringify(p.dimensions ?? {});
      series.set(key, [...(series.get(key) ?? []), p]);
    }
    for (const ps of series.values()) markBorderChanges(ps);
    points.push(...read);
  }
  return { indicators, points };
}

function withLabels(name: Names, labels: Names[]): Names {
  const out = {} as Record<(typeof LANGUAGES)[number], string>;
  for (const lang of LANGUAGES) out[lang] = `${name[lang]} (${labels.map((l) => l[lang]).join('; ')})`;
  return out;
}

/** A code's label from its code list; the raw code in each language where the platform has none. */
function labelOf(meta: OpenSdgMeta, column: string, code: string): Names {
  const group = (column === 'Units' ? 'UNIT_MEASURE' : column) as TranslationGroup;
  return codeNames(meta.translations, group, code) ?? { kk: code, ru: code, en: code };
}

/** The unit: the row's UNIT_MEASURE (or Units) code, else the configuration's computation_units. */
function unitOf(codes: Record<string, string>, config: Record<string, unknown>, meta: OpenSdgMeta, file: string, root: string): { id: string; name: Names } {
  const code = UNIT_COLUMNS.map((c) => codes[c]).find((c) => c !== undefined && c !== '');
  if (code !== undefined) return { id: code, name: labelOf(meta, 'UNIT_MEASURE', code) };
  const configured = typeof config.computation_units === 'string' ? config.computation_units.trim() : '';
  // "data.на 1000 родившихся": the template's translation group "data" holds no such key, so the
  // platform shows the text after the group's name
  const text = configured.replace(/^data\./, '').replace(/\s+/g, ' ').trim();
  if (text === '') return { id: 'unspecified', name: { kk: 'көрсетілмеген', ru: 'не указана', en: 'not stated' } };
  // "UNIT_MEASURE.PT": a key of the UNIT_MEASURE translation group, which the platform shows as that
  // code's label; the unit is the code, as in a row's UNIT_MEASURE column
  const keyed = /^UNIT_MEASURE\.([^\s,]+)$/u.exec(text)?.[1];
  if (keyed !== undefined) return { id: keyed, name: labelOf(meta, 'UNIT_MEASURE', keyed) };
  const known = codeNames(meta.translations, 'UNIT_MEASURE', text);
  return known ? { id: text, name: known } : { id: text, name: { kk: text, ru: text, en: text } };
}

function notesOf(id: string, definition: string | null, sources: string[], file: string, root: string): string {
  const parts = [`The Bureau's SDG platform, national indicator ${id.replace(/-/g, '.')}, read from ${root}/${file}.`];
  if (definition) parts.push(`Definition (the platform's metadata): ${definition}`);
  if (sources.length > 0) parts.push(`Sources (the platform's metadata): ${sources.join('; ')}.`);
  return parts.join(' ');
}

function pointsOf(metric: string, dims: readonly DimensionId[], unit: string, own: Observation[], spec: OpenSdgSpec): Point[] {
  const groups = new Map<string, Observation[]>();
  for (const o of own) {
    const key = [o.place, o.year, ...dims.map((d) => o[d])].join('|');
    const g = groups.get(key);
    if (g) g.push(o);
    else groups.set(key, [o]);
  }
  const points: Point[] = [];
  for (const g of groups.values()) {
    const first = g[0]!;
    const values = [...new Set(g.map((o) => o.value))];
    const lines = g.map((o) => `line ${o.line}`).join(', ');
    const notes = [...new Set(g.flatMap((o) => o.notes))];
    let value: number | null = first.value;
    let status = g.some((o) => o.status === 'suspicious') ? 'suspicious' : first.status;
    let nullReason: string | null = null;
    if (values.length > 1) {
      value = null;
      status = 'suspicious';
      nullReason = `${first.file} gives this key ${g.length} values (${g.map((o) => `${o.value} at line ${o.line}`).join(', ')}); neither is published`;
    } else if (g.length > 1) notes.push(`${first.file} writes this key ${g.length} times with the same value (${lines})`);
    points.push({
      metric,
      place: first.place,
      period: String(first.year),
      period_start: `${first.year}-01-01`,
      period_end: `${first.year}-12-31`,
      value,
      null_reason: nullReason,
      status: status as Point['status'],
      unit,
      source_id: spec.source_id,
      note: notes.length === 0 ? (nullReason === null ? null : `${first.file} ${lines}`) : notes.join('; '),
      ...(dims.length === 0 ? {} : { dimensions: Object.fromEntries(dims.map((d) => [d, first[d]])) }),
    });
  }
  return points;
}
