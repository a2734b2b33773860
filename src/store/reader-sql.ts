// Pieces shared by the statements of the store readers (reader.ts and the family readers beside it).
import type { Row } from './tables.js';

export type MetricRow = Row<'metrics'>;

/** Every place: the statement form without a place list. */
export const ALL = null;
export const json = (list: readonly string[] | null) =>
  list === null ? null : JSON.stringify(list);

// Two forms of each filtered statement, every place or a list: a parameter tested with OR would keep
// SQLite from seeking the key by place.
export const placeForms = (sql: string, column = 'place') => ({
  all: sql.replace('@PLACES', '1'),
  some: sql.replace('@PLACES', `${column} IN (SELECT value FROM json_each(@places))`),
});
