// DDL of the per-release SQLite store, generated from its one declaration (src/store/tables.ts).
// Opened read-only by serve (src/store/open.ts).
import { ddl } from '../../store/tables.js';

// 3.0.0: series_answers and series_totals (with the stored tail of the answer over every place) are
// written at build; a reader of 2.x stores answers every series from the rollups.
// 4.0.0: series_answers holds each place's entry of the answer deflated (part_*, before points), and
// series_totals' tail is joined from them; a reader of 3.x stores composes only the answer over
// every place and answers the others by the plain path.
// 5.0.0: metrics holds one row per series key with its indicator and dimension codes (indicators
// with dimensions); a reader takes a 4.x store's metrics as indicators without dimensions.
// 5.1.0: topics and indicator_topics classify the indicators; a reader of a 5.0 store has no topics.
export const STORE_VERSION = '5.1.0';

export const STORE_DDL = ddl();
