// The comparison: one indicator for the places chosen from the map, the table or search (at most
// eight lines), side by side by a dimension's codes when asked (men and women), one colour, marker and
// dash per line with a legend; Kazakhstan can always be added.
import type { DimensionId } from '../../src/lib/dimensions.js';
import type { BorderReform, Series } from './api';
import { Figure } from './figure';
import { dash, marker } from './line-chart';
import { breaksOf, pointsOf, type Line } from './lines';
import type { Lang, T } from './i18n';
import { CASING, colour } from './palette';
import type { Shown } from './shown';
import { MAX_COMPARE, type View } from './view';

/** The series of one breakdown shown side by side: its codes and their name. */
export interface SeriesSet {
  codes: Readonly<Record<string, string>>;
  label: string | null; // null: the only set (nothing side by side)
  series: Series;
}

/** One line per place and set, each with its own breaks, at most MAX_COMPARE. */
export function linesFor(
  places: string[],
  sets: SeriesSet[],
  shown: Shown,
  nameOf: (iso: string) => string,
  reformsOf: (iso: string) => BorderReform[],
): Line[] {
  return places
    .flatMap((iso) =>
      sets.map((set) => {
        const points = pointsOf(set.series, iso, shown.transform);
        return {
          key: `${iso}|${JSON.stringify(set.codes)}`,
          place: iso,
          name: set.label ? `${nameOf(iso)}, ${set.label}` : nameOf(iso),
          codes: set.codes,
          points,
          breaks: breaksOf(points, reformsOf(iso)),
        };
      }),
    )
    .slice(0, MAX_COMPARE);
}

interface Props {
  places: string[];
  lines: Line[];
  shown: Shown;
  lang: Lang;
  t: T;
  view: View;
  update: (patch: Partial<View>) => void;
  splits: DimensionId[];
  embedUrl: string | null;
  embedded?: boolean;
  nameOf: (iso: string) => string;
}

export function Compare({
  places,
  lines,
  shown,
  lang,
  t,
  view,
  update,
  splits,
  embedUrl,
  embedded,
  nameOf,
}: Props) {
  const names = places.map(nameOf).join(', ');
  const figure = (
    <Figure
      id="compare"
      lines={lines}
      style={(i) => i}
      className="chart compare-chart"
      lang={lang}
      t={t}
      view={view}
      update={update}
      shown={shown}
      title={shown.metricName}
      places={names}
      splits={splits}
      embedUrl={embedUrl}
      embedded={embedded}
    />
  );
  // The key: each line's colour, marker and dash with its name (a place can be removed on the page).
  const legend = (
    <ul class="compare-legend" aria-label={t('compareLegend')}>
      {lines.map((l, i) => (
        <li key={l.key} data-iso={l.place}>
          <svg width="34" height="14" viewBox="-17 -7 34 14" aria-hidden="true">
            <line
              x1="-16"
              x2="16"
              y1="0"
              y2="0"
              stroke={CASING}
              stroke-width="4.25"
              stroke-dasharray={dash(i) || undefined}
            />
            <line
              x1="-16"
              x2="16"
              y1="0"
              y2="0"
              stroke={colour(i)}
              stroke-width="2.25"
              stroke-dasharray={dash(i) || undefined}
            />
            <path d={marker(i)} fill={colour(i)} stroke={CASING} />
          </svg>
          <span class="place-name">{l.name}</span>
          {!embedded && (i === 0 || lines[i - 1]!.place !== l.place) && (
            <button
              type="button"
              class="remove"
              aria-label={t('compareRemove', { place: nameOf(l.place) })}
              onClick={() => update({ compare: view.compare.filter((c) => c !== l.place) })}
            >
              ×
            </button>
          )}
        </li>
      ))}
    </ul>
  );
  if (embedded)
    return (
      <div class="compare embedded">
        {legend}
        {figure}
      </div>
    );
  return (
    <section class="compare" aria-labelledby="compare-heading">
      <div class="panel-head">
        <h2 id="compare-heading">
          {t('compareTitle')}: {shown.metricName}
        </h2>
        <button type="button" onClick={() => update({ compare: [] })}>
          {t('compareClear')}
        </button>
      </div>
      <p class="hint">{t('compareHint', { n: MAX_COMPARE })}</p>
      {legend}
      {!places.includes('KZ') && places.length < MAX_COMPARE && (
        <button
          type="button"
          class="add-national"
          onClick={() => update({ compare: [...view.compare, 'KZ'] })}
        >
          {t('compareNational')}
        </button>
      )}
      {figure}
    </section>
  );
}
