// The end of a series answer's JSON, from its periods on: what an answer over every place and a
// whole series shares whatever its URL said (the start of the answer echoes the revision and the
// query). Written the way JSON.stringify writes those members of the answer object
// (src/serve/timemachine/series.ts), with each place's points as stored. Each place's entry is one
// text, so the build deflates it once (series_answers.part_*) and the answer over every place, one
// place or several joins the deflated entries (src/lib/gzip-compose.ts); a test checks the joined
// text against the answer written whole.

/** `"periods":[...],"count":N,"series":[` */
export function seriesTailStart(periods: readonly string[], count: number): string {
  return `"periods":${JSON.stringify(periods)},"count":${JSON.stringify(count)},"series":[`;
}

/** One place's entry of `series`: `{"place":...,"points":...}`, its points as stored. */
export function seriesEntry(place: string, points: string): string {
  return `{"place":${JSON.stringify(place)},"points":${points}}`;
}

/** Between two entries. */
export const SERIES_ENTRY_SEPARATOR = ',';
/** After the last entry: the series array and the answer object closed. */
export const SERIES_TAIL_END = ']}';

/** `"periods":[...],"count":N,"series":[{"place":...,"points":...},...]}` */
export function seriesTail(
  periods: readonly string[],
  count: number,
  places: Iterable<readonly [string, string]>,
): string {
  const series: string[] = [];
  for (const [place, points] of places) series.push(seriesEntry(place, points));
  return `${seriesTailStart(periods, count)}${series.join(SERIES_ENTRY_SEPARATOR)}${SERIES_TAIL_END}`;
}
