// How a point's note marks a series break, as the source readers write it (src/sources/bns-breaks.ts,
// bns-reforms.ts and the table specs). A note is parts joined by "; ". A part starting "series break:"
// is on the first value after a break (a census, a reclassification, a border change); a part starting
// "series break: in the borders before" is on every value still in borders that a later reform changed,
// the old side of a break rather than the break itself. The explorer reads notes with these too.
export const SERIES_BREAK = 'series break';
export const BEFORE_REFORM = `${SERIES_BREAK}: in the borders before`;

const parts = (note: string | null) => (note === null ? [] : note.split('; '));

/** True when the value with this note is the first after a break. */
export const breaksBefore = (note: string | null): boolean =>
  parts(note).some((n) => n.startsWith(`${SERIES_BREAK}:`) && !n.startsWith(BEFORE_REFORM));

/** True when the value with this note is in borders a later reform changed. */
export const inFormerBorders = (note: string | null): boolean =>
  parts(note).some((n) => n.startsWith(BEFORE_REFORM));
