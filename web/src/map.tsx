// The choropleth: the release's regions at drawing size (geo/kz_adm1_drawing.geojson) drawn with
// d3-geo (no tiles). A region without a value is hatched and says "not published" (never a zero
// colour); a value its publisher did not call final carries a mark. Each region is a button reached by
// Tab and opened with Enter or Space. An indicator published for the country only draws the country
// plain and says so, rather than twenty "not published".
import { geoConicEqualArea, geoPath } from 'd3-geo';
import { useMemo } from 'preact/hooks';
import type { RegionCollection, RegionFeature } from './api';
import type { Classes } from './classes';
import { fmtDerived, fmtPeriod, fmtValue, isMarked, statusLabel } from './format';
import type { Lang, T } from './i18n';
import type { ValuePoint } from './lines';

export const MAP_WIDTH = 960;
const H = 520;

/**
 * RFC 7946 (section 3.1.6) winds exterior rings counterclockwise; d3-geo works on the sphere and
 * reads that as "everything but the region", so each ring is reversed before drawing.
 */
function rewind(f: RegionFeature): RegionFeature {
  const rings = (poly: GeoJSON.Position[][]) => poly.map((r) => [...r].reverse());
  const g = f.geometry;
  const geometry =
    g.type === 'Polygon'
      ? { ...g, coordinates: rings(g.coordinates) }
      : { ...g, coordinates: g.coordinates.map(rings) };
  return { ...f, geometry };
}

interface Props {
  geo: RegionCollection;
  points: Map<string, ValuePoint>;
  classes: Classes | null;
  nationalOnly: boolean;
  lang: Lang;
  t: T;
  label: string;
  nameOf: (iso: string) => string;
  unitOf: (p: ValuePoint) => string;
  selected: string | null;
  onSelect: (iso: string) => void;
}

export function ChoroplethMap(props: Props) {
  const { geo, points, classes, nationalOnly, lang, t, label, nameOf, selected, onSelect } = props;
  const shapes = useMemo(() => {
    const features = geo.features.map(rewind);
    const projection = geoConicEqualArea()
      .parallels([45, 52])
      .rotate([-67, 0])
      .fitSize([MAP_WIDTH, H], { type: 'FeatureCollection', features } as never);
    const path = geoPath(projection);
    return features.map((f) => ({
      f,
      d: path(f as never) ?? '',
      c: path.centroid(f as never),
      area: path.area(f as never),
    }));
  }, [geo]);

  return (
    <svg class="map" viewBox={`0 0 ${MAP_WIDTH} ${H}`} role="group" aria-label={label}>
      <defs>
        <pattern
          id="hatch"
          patternUnits="userSpaceOnUse"
          width="8"
          height="8"
          patternTransform="rotate(45)"
        >
          <rect width="8" height="8" fill="#f4f4f4" />
          <line x1="0" y1="0" x2="0" y2="8" stroke="#8a8a8a" stroke-width="3" />
        </pattern>
      </defs>
      {shapes.map(({ f, d }) => {
        const iso = f.properties.iso;
        const p = points.get(iso);
        const name = nameOf(iso);
        const has = p && p.value !== null && classes;
        const text = has
          ? `${name}: ${p.derived ? fmtDerived(lang, p.value!) : fmtValue(lang, p.value!)} ${props.unitOf(p)}, ${fmtPeriod(lang, p.period)}${isMarked(p.status) ? `, ${statusLabel(t, p.status)}` : ''}`
          : `${name}: ${nationalOnly ? t('nationalOnlyShort') : (p?.withheld ?? t('notPublished'))}`;
        return (
          <path
            key={iso}
            d={d}
            class={`region${selected === iso ? ' selected' : ''}${p && isMarked(p.status) ? ' marked' : ''}`}
            data-iso={iso}
            data-value={has ? String(p.value) : 'null'}
            fill={has ? classes.colour(p.value!) : nationalOnly ? '#e4e7eb' : 'url(#hatch)'}
            role="button"
            // lower case: an SVG element's attributes are case-sensitive, and "tabIndex" on a path
            // is not the tabindex that makes it focusable
            tabindex={0}
            aria-label={text}
            aria-pressed={selected === iso}
            onClick={() => onSelect(iso)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' || e.key === ' ') {
                e.preventDefault();
                onSelect(iso);
              }
            }}
          >
            <title>{text}</title>
          </path>
        );
      })}
      <g aria-hidden="true" class="map-notes">
        {!nationalOnly &&
          shapes.map(({ f, c, area }) => {
            const p = points.get(f.properties.iso);
            if (!Number.isFinite(c[0])) return null;
            if (!p || p.value === null) {
              return (
                <text
                  key={f.properties.iso}
                  x={c[0]}
                  y={c[1]}
                  class="np-label"
                  text-anchor="middle"
                >
                  {area > 1500 ? t('notPublished') : '∅'}
                </text>
              );
            }
            if (isMarked(p.status)) {
              return (
                <g key={f.properties.iso} class="mark">
                  <circle cx={c[0]} cy={c[1]} r="7" />
                  <text x={c[0]} y={c[1] + 4} text-anchor="middle">
                    !
                  </text>
                </g>
              );
            }
            return null;
          })}
        {nationalOnly && (
          <text x={MAP_WIDTH / 2} y={H / 2} class="national-label" text-anchor="middle">
            {t('nationalOnlyShort')}
          </text>
        )}
      </g>
    </svg>
  );
}
