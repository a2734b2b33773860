// The former names and abbreviations of the name tables (sources/historical-names.json,
// sources/abbreviations.json) as entity_names rows of the store, checked against the entities they
// name, with the dates and sources the search index keeps beside them (src/publish/store/search.ts).
import type { NameTables } from '../sources/name-tables.js';
import type { NameNote } from './store/search.js';

export type { NameNote } from './store/search.js';

type NameRow = { entity_id: string; name: string; lang: string; kind: string };

/** entity_names rows and notes for the name tables; a row naming an absent entity stops the build. */
export function tableNames(
  tables: NameTables,
  entityIds: ReadonlySet<string>,
): { names: NameRow[]; notes: NameNote[] } {
  const names: NameRow[] = [];
  const notes: NameNote[] = [];
  const faults: string[] = [];
  tables.historical.forEach((r, i) => {
    if (!entityIds.has(r.target))
      return void faults.push(
        `sources/historical-names.json row ${i} field target: ${r.target} is not an entity of this release`,
      );
    const kind = r.status === 'former' ? 'former_name' : 'alias';
    names.push({ entity_id: r.target, name: r.name, lang: r.lang, kind });
    notes.push({
      entity_id: r.target,
      name: r.name,
      kind,
      valid_until: r.valid_until,
      source_url: r.source_url,
    });
  });
  tables.abbreviations.forEach((r, i) => {
    if (!entityIds.has(r.target)) {
      if (!r.target_optional)
        faults.push(
          `sources/abbreviations.json row ${i} field target: ${r.target} is not an entity of this release`,
        );
      return;
    }
    names.push({ entity_id: r.target, name: r.abbr, lang: r.lang, kind: 'abbreviation' });
    notes.push({
      entity_id: r.target,
      name: r.abbr,
      kind: 'abbreviation',
      valid_until: null,
      source_url: r.source_url,
    });
  });
  if (faults.length > 0)
    throw new Error(`name tables do not match the release:\n${faults.join('\n')}`);
  return { names, notes };
}
