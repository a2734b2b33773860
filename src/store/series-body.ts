// The end of a series answer's JSON, from its periods on: what an answer over every place and a
// whole series shares whatever its URL said (the start of the answer echoes the revision and the
// query). Written the way JSON.stringify writes those members of the answer object
// (src/serve/timemachine/series.ts), with each place's points as stored: the build stores it
// deflated, and a test checks it against the answer written whole.

/** `"periods":[...],"count":N,"series":[{"place":...,"points":...},...]}` */
export function seriesTail(periods: readonly string[], count: number, places: Iterable<readonly [string, string]>): string {
  const series: string[] = [];
  for (const [place, points] of places) series.push(`{"place":${JSON.stringify(place)},"points":${points}}`);
  return `"periods":${JSON.stringify(periods)},"count":${JSON.stringify(count)},"series":[${series.join(',')}]}`;
}
