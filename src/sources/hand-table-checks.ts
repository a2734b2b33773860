// Cross-row and cross-table rules of the hand-written tables, run after every row passed its
// JSON Schema. Each rule returns issues naming file, row and field (hand-tables.ts formats them).
import type { HandTables, Names, Region } from './records.js';
import type { TableIssue } from './table-issue.js';
import { mirrorsCited } from './mirror-hosts.js';
import { searchKey } from '../lib/text-normalise.js';

const REGION_COUNT = 20; // 17 regions + Astana, Almaty, Shymkent after the 2022 reform (snapshots README)
const INSTITUTION_COUNT = 55; // docs/interface.md §2.2 "institutions catalog: 55 institutions"

type Emit = (file: string, row: number | null, field: string, message: string) => void;

export function checkHandTables(t: HandTables): TableIssue[] {
  const issues: TableIssue[] = [];
  const emit: Emit = (file, row, field, message) => issues.push({ file: `sources/${file}`, row, field, message });
  checkRegions(t.regions, emit);
  checkAliases(t.regions, emit);
  const isos = new Set(t.regions.map((r) => r.iso));
  checkInstitutions(t, isos, emit);
  checkEvents(t, isos, emit);
  checkDistrictCorrections(t, emit);
  checkDistrictCoverage(t, emit);
  unique('media-sample.json', t.media.publications, (r) => r.id, 'id', emit);
  t.media.publications.forEach((p, i) => {
    if (p.region_iso !== null && !isos.has(p.region_iso)) emit('media-sample.json', i, 'region_iso', `${p.region_iso} is not a region in sources/regions.json`);
  });
  t.legacyPlaces.forEach((l, i) => {
    if (l.id !== `place:${l.code}`) emit('legacy-places.json', i, 'id', `must be place:${l.code}`);
    if (isos.has(l.code)) emit('legacy-places.json', i, 'code', `${l.code} is a current region`);
    l.successors.forEach((s, j) => {
      if (!isos.has(s.place)) emit('legacy-places.json', i, `successors[${j}].place`, `${s.place} is not a region in sources/regions.json`);
    });
  });
  checkNoVerified(t, emit);
  return issues;
}

function unique<T>(file: string, rows: T[], key: (r: T) => string | number, field: string, emit: Emit): void {
  const seen = new Map<string | number, number>();
  rows.forEach((r, i) => {
    const k = key(r);
    const first = seen.get(k);
    if (first !== undefined) emit(file, i, field, `${JSON.stringify(k)} repeats row ${first}; must be unique`);
    else seen.set(k, i);
  });
}

function checkRegions(regions: Region[], emit: Emit): void {
  if (regions.length !== REGION_COUNT) emit('regions.json', null, '(root)', `must hold ${REGION_COUNT} first-level units, holds ${regions.length}`);
  for (const field of ['id', 'iso', 'slug', 'kato', 'geokz_pcode', 'osm_relation_id'] as const) {
    unique('regions.json', regions, (r) => r[field], field, emit);
  }
  regions.forEach((r, i) => {
    const digits = r.iso.slice(3);
    if (r.id !== `place:${r.iso}`) emit('regions.json', i, 'id', `must be place:${r.iso}`);
    // The numeric ISO 3166-2:KZ code is "KZ-" + the first two KATO digits (snapshots README).
    if (!r.kato.startsWith(digits)) emit('regions.json', i, 'kato', `must start with ${digits}, the digits of ${r.iso}`);
    if (r.geokz_pcode !== `KZ${digits}`) emit('regions.json', i, 'geokz_pcode', `must be KZ${digits} for ${r.iso}`);
  });
}

// The key resolve and search compare names by (src/lib/text-normalise.ts): an alias that collides
// with another unit's name under it would make resolve answer homonymy, so it is refused here.
const norm = searchKey;
const allNames = (r: Region): string[] => [r.name, r.official_name].flatMap((n: Names) => [n.kk, n.ru, n.en]);

/**
 * An alias must resolve to exactly one unit (docs/interface.md §10.3: homonymy is never resolved by picking
 * one), so no alias may equal a name or alias of another unit. Names may coincide: "Almaty" is
 * the short name of both KZ-19 and KZ-75, which is why it is the alias of neither.
 */
function checkAliases(regions: Region[], emit: Emit): void {
  const owners = new Map<string, Set<string>>();
  const own = (s: string, iso: string) => owners.set(norm(s), (owners.get(norm(s)) ?? new Set()).add(iso));
  for (const r of regions) for (const s of [...allNames(r), ...r.aliases]) own(s, r.iso);
  regions.forEach((r, i) => {
    r.aliases.forEach((a, j) => {
      const others = [...(owners.get(norm(a)) ?? [])].filter((iso) => iso !== r.iso).sort();
      if (others.length > 0) emit('regions.json', i, `aliases[${j}]`, `${JSON.stringify(a)} is also a name or alias of ${others.join(', ')}; an alias must identify one unit`);
    });
  });
}

function checkInstitutions(t: HandTables, isos: Set<string>, emit: Emit): void {
  const file = 'institutions.json';
  if (t.institutions.length !== INSTITUTION_COUNT) emit(file, null, '(root)', `must hold ${INSTITUTION_COUNT} institutions, holds ${t.institutions.length}`);
  unique(file, t.institutions, (r) => r.id, 'id', emit);
  const akimatOf = new Map<string, number>();
  t.institutions.forEach((inst, i) => {
    if (inst.kind === 'akimat') {
      if (inst.region_iso === null) emit(file, i, 'region_iso', 'an akimat must name its region');
      else if (!isos.has(inst.region_iso)) emit(file, i, 'region_iso', `${inst.region_iso} is not a region in sources/regions.json`);
      else if (akimatOf.has(inst.region_iso)) emit(file, i, 'region_iso', `${inst.region_iso} already has an akimat (row ${akimatOf.get(inst.region_iso)})`);
      else akimatOf.set(inst.region_iso, i);
    } else if (inst.region_iso !== null) emit(file, i, 'region_iso', 'must be null for a national body');
    // docs/interface.md §1.3 in spirit: an absent person is null with a reason, never silently empty.
    if ((inst.responsible_person === null) === (inst.responsible_person_null_reason === null)) {
      emit(file, i, 'responsible_person_null_reason', 'must be a reason exactly when responsible_person is null');
    }
  });
  for (const iso of [...isos].sort()) if (!akimatOf.has(iso)) emit(file, null, '(root)', `no akimat for region ${iso}`);
}

function checkEvents(t: HandTables, isos: Set<string>, emit: Emit): void {
  unique('events.json', t.events, (r) => r.id, 'id', emit);
  t.events.forEach((e, i) => {
    if (!e.id.startsWith(`event:${e.date}-`)) emit('events.json', i, 'id', `must start with event:${e.date}- (the event date)`);
    if (e.place !== 'KZ' && !isos.has(e.place)) emit('events.json', i, 'place', `${e.place} is neither KZ nor a region in sources/regions.json`);
    if (e.kind === 'holiday') emit('events.json', i, 'kind', 'holidays come from the date-holidays package at build time, not from this table');
  });
}

function checkDistrictCorrections(t: HandTables, emit: Emit): void {
  const pcodes = new Set(t.regions.map((r) => r.geokz_pcode));
  t.districtCorrections.forEach((c, i) => {
    if (c.match.field !== c.set.field) emit('district-corrections.json', i, 'set.field', `must equal match.field (${c.match.field})`);
    const keep = c.action === 'keep';
    if (!keep && c.match.value === c.set.value) emit('district-corrections.json', i, 'set.value', 'must differ from match.value');
    if (keep && c.match.value !== c.set.value) emit('district-corrections.json', i, 'set.value', "must equal match.value for action 'keep'");
    if (!pcodes.has(c.pcode.slice(0, 4))) emit('district-corrections.json', i, 'pcode', `${c.pcode} lies in no region of sources/regions.json`);
  });
}

/** Each coverage row's units lie in its region (geokz pcodes start with the region's), one row per unit. */
function checkDistrictCoverage(t: HandTables, emit: Emit): void {
  const file = 'district-bulletin-coverage.json';
  const pcodeOf = new Map(t.regions.map((r) => [r.iso, r.geokz_pcode]));
  unique(file, t.districtCoverage, (r) => `${r.region_iso} ${r.district_pcode ?? r.bulletin_row}`, 'district_pcode', emit);
  t.districtCoverage.forEach((r, i) => {
    const prefix = pcodeOf.get(r.region_iso);
    if (prefix === undefined) return emit(file, i, 'region_iso', `${r.region_iso} is not a region in sources/regions.json`);
    const formedLater = r.district_pcode !== undefined;
    if (formedLater && (r.counted_in.length === 0 || r.bulletin_row !== undefined || r.drawn_in !== undefined))
      emit(file, i, 'district_pcode', 'a district with no bulletin row names the rows counting its people (counted_in) and no bulletin_row or drawn_in');
    if (!formedLater && (r.bulletin_row === undefined || r.drawn_in === undefined || r.counted_in.length > 0))
      emit(file, i, 'bulletin_row', 'a bulletin row with no geokz district names the unit drawing its land (drawn_in) and no counted_in');
    for (const field of ['district_pcode', 'drawn_in'] as const) {
      const pcode = r[field];
      if (pcode !== undefined && !pcode.startsWith(prefix)) emit(file, i, field, `${pcode} lies outside ${r.region_iso} (${prefix})`);
    }
  });
}

/** docs/interface.md §11.2: nothing unverified is ever labelled verified, and no hand row was verified at the primary source. */
function checkNoVerified(t: HandTables, emit: Emit): void {
  const tables: [string, ReviewedRow[]][] = [
    ['regions.json', t.regions],
    ['district-corrections.json', t.districtCorrections],
    ['district-bulletin-coverage.json', t.districtCoverage],
    ['institutions.json', t.institutions],
    ['events.json', t.events],
    ['legacy-places.json', t.legacyPlaces],
  ];
  for (const [file, rows] of tables) rows.forEach((r, i) => checkRowReview(r, (field, m) => emit(file, i, field, m)));
}

type Review = { url: string | null; confirmed: string };
/** What a row says about its review: its status, the page read, and per language its names'. */
export type ReviewedRow = { review_status: string; source_url?: string | null; review?: Review; name_review?: Record<string, Review & { status: string }> };

/** One row's review claims: never 'verified', 'reviewed' only with the page read, never read on a mirror. */
export function checkRowReview(r: ReviewedRow, emit: (field: string, message: string) => void): void {
  if (r.review_status === 'verified') emit('review_status', "must not be 'verified': hand-written rows were not checked at the primary source");
  // an indicator's names are reviewed per language (name_review); it is reviewed only when all three are
  const namesReviewed = r.name_review !== undefined && Object.values(r.name_review).every((n) => n.status === 'reviewed');
  if (r.review_status === 'reviewed' && r.review === undefined && !namesReviewed) emit('review', "a 'reviewed' row must say which page was read, when, and what it confirmed");
  if (r.review !== undefined && r.review_status !== 'reviewed') emit('review_status', `must be 'reviewed' when the row carries a review (is '${r.review_status}')`);
  // a language's name review claims what it says even on a row not reviewed as a whole
  for (const [lang, n] of Object.entries(r.name_review ?? {})) {
    if (n.status === 'reviewed') refuseMirrors(n, `name_review.${lang}`, emit);
  }
  if (r.review_status === 'reviewed' && r.review) refuseMirrors(r.review, 'review', emit);
  // the row's own source is what a reader follows: a reviewed row never sends them to a copy
  if (r.review_status === 'reviewed' && r.source_url) for (const c of mirrorsCited({ url: r.source_url, confirmed: '' })) emit('source_url', c.message);
}

/** A review read on a mirror or aggregator rests on no source. */
function refuseMirrors(review: { url: string | null; confirmed: string }, at: string, emit: (field: string, message: string) => void): void {
  for (const c of mirrorsCited(review)) emit(`${at}.${c.where}`, c.message);
}
