// How a point's note marks a series break, as the source readers write it (src/sources/bns-breaks.ts,
// bns-reforms.ts and the table specs). A note is parts joined by "; ". A part starting "series break:"
// is on the first value after a break (a census, a reclassification, a border change); a part starting
// "series break: in the borders before" is on every value still in borders that a later reform changed,
// the old side of a break rather than the break itself. The explorer reads notes with these too.
export const SERIES_BREAK = 'series break';
export const BEFORE_REFORM = `${SERIES_BREAK}: in the borders before`;
/** Starts the part of a note on a value the Bureau recalculated to borders a later reform drew. */
export const RECALCULATED_TO = 'recalculated by the Bureau to the borders in force from';

const parts = (note: string | null) => (note === null ? [] : note.split('; '));

/** True when the value with this note is the first after a break. */
export const breaksBefore = (note: string | null): boolean =>
  parts(note).some((n) => n.startsWith(`${SERIES_BREAK}:`) && !n.startsWith(BEFORE_REFORM));

/** The day from which the borders hold that the value with this note was recalculated to, or null. */
export const recalculatedTo = (note: string | null): string | null =>
  parts(note)
    .find((n) => n.startsWith(`${RECALCULATED_TO} `))
    ?.slice(RECALCULATED_TO.length + 1, RECALCULATED_TO.length + 11) ?? null;

/** True when the value with this note is in borders a later reform changed. */
export const inFormerBorders = (note: string | null): boolean =>
  parts(note).some((n) => n.startsWith(BEFORE_REFORM));
