// DDL of the per-release SQLite store, generated from its one declaration (src/store/tables.ts).
// Opened read-only by serve (src/store/open.ts).
import { ddl } from '../store/tables.js';

export const STORE_VERSION = '2.0.0';

export const STORE_DDL = ddl();
