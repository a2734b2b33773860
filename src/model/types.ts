// Domain types of the model. The records the sources yield are declared with the readers
// (src/sources/records.ts) and re-exported here, so the model and everything above it import one place.
export type {
  DistrictCoverage,
  Indicator,
  Institution,
  Lang,
  LegacyPlace,
  MediaPublication,
  NameReview,
  Names,
  Point,
  PublicEvent,
  Region,
  Review,
  ReviewStatus,
  SourcePassport,
} from '../sources/records.js';
import type { Names } from '../sources/records.js';

export interface District {
  id: string; // place:KZ-35/<pcode>
  pcode: string; // geokz ADM2_PCODE
  region_iso: string;
  name: Names;
  corrections: string[]; // human-readable notes of name corrections applied
}
