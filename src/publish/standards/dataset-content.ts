// What a dataset of the catalogue holds, read from the model: the PDFs made from it and the span of
// its content's periods.
import type { DatasetDef, Model } from '../../model/model.js';
import type { Artifact } from '../artifact.js';

/** The PDFs made from a dataset: indicator passports of its sources' indicators, briefs and cards of the overviews. */
export function pdfsOf(model: Model, d: DatasetDef, artifacts: Artifact[]): Artifact[] {
  const pdfs = artifacts.filter((a) => a.path.endsWith('.pdf'));
  if (d.id === 'official-regional-indicators')
    return pdfs.filter((a) => a.path.startsWith('region-briefs/'));
  if (d.id === 'public-observations') return pdfs.filter((a) => a.path.startsWith('media-kit/'));
  if (!d.path.startsWith('datasets/')) return [];
  const indicators = new Set(
    model.indicators.filter((i) => d.source_ids.includes(i.source_id)).map((i) => i.id),
  );
  return pdfs.filter(
    (a) =>
      a.path.startsWith('indicator-passports/') &&
      indicators.has(a.path.slice('indicator-passports/'.length, -'.pdf'.length)),
  );
}

// The span of each source's points (its earliest start, its latest end), made once per model: each
// dataset's span was a pass over every point, twice per dataset of the catalogue.
const sourceSpans = new WeakMap<Model['points'], Map<string, [string, string]>>();

function spanOfSource(model: Model): Map<string, [string, string]> {
  let spans = sourceSpans.get(model.points);
  if (spans) return spans;
  spans = new Map();
  for (const p of model.points) {
    const span = spans.get(p.source_id);
    if (!span) spans.set(p.source_id, [p.period_start, p.period_end]);
    else {
      if (p.period_start < span[0]) span[0] = p.period_start;
      if (p.period_end > span[1]) span[1] = p.period_end;
    }
  }
  sourceSpans.set(model.points, spans);
  return spans;
}

/**
 * The span of what a dataset holds, from its content: points of its sources, the calendar, the
 * events it lists (reviewed ones, as /api/timemachine/events serves them), the sample's publications. The boundaries hold from the last reform that moved a region's
 * border to the build, and the institutions catalogue is the state of the day the release was built.
 */
export function temporalOf(model: Model, d: DatasetDef): { start: string; end: string } | null {
  const built = model.builtAt.slice(0, 10);
  const reforms = model.events.filter((e) => e.kind === 'reform' && e.review_status === 'reviewed');
  const listed = model.events.filter((e) => e.review_status === 'reviewed' && e.date <= built);
  const dates: [string, string][] =
    d.id === 'public-holidays'
      ? model.holidays.map((h) => [h.date, h.date])
      : d.id === 'events'
        ? // the events it lists: those reviewed and dated by the build; with none, the list as built
          listed.length
          ? listed.map((e) => [e.date, e.date])
          : [[built, built]]
        : d.id === 'media-sample'
          ? model.media.publications.map((p) => [p.date, p.date])
          : d.id === 'institutions'
            ? [[built, built]]
            : d.id === 'regional-boundaries'
              ? // from the last reviewed reform; with none reviewed, the borders as they are when built
                reforms.length
                ? reforms.slice(-1).map((e) => [e.date, built])
                : [[built, built]]
              : d.source_ids.flatMap((id): [string, string][] => {
                  const span = spanOfSource(model).get(id);
                  return span ? [span] : [];
                });
  if (!dates.length) return null;
  return {
    start: dates.reduce((m, [s]) => (s < m ? s : m), dates[0]![0]),
    end: dates.reduce((m, [, e]) => (e > m ? e : m), dates[0]![1]),
  };
}
