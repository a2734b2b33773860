// The view a URL stands for: every choice a person makes lives in the fragment, so a copied address
// restores the same view, and the fragment never reaches the server (no unknown query parameters).
import {
  DIMENSION_IDS,
  DIMENSIONS,
  TOTAL_CODE,
  type DimensionCodes,
  type DimensionId,
} from '../../src/lib/dimensions.js';
import { LANGS, type Lang } from './i18n';

export type Tab = 'map' | 'changes' | 'catalog';
export interface View {
  lang: Lang;
  tab: Tab;
  metric: string | null; // an indicator id
  dims: DimensionCodes; // the breakdown shown (sex, area, age codes); a dimension left out is its total
  date: string | null; // ISO date, the slider's position
  region: string | null; // ISO 3166-2, e.g. KZ-75
  q: string | null; // search text
  release: string | null; // the "to" release of a comparison
  compare: string[]; // ISO codes of the places on the comparison chart, in the order chosen
  perCapita: boolean; // per 1,000 people, where the indicator is a count
  rev: string | null; // the release revision an embedded chart was drawn from
  from: string | null; // the charts' time range, ISO dates (a month at the finest)
  to: string | null;
  base: string | null; // a period: the charts show change since it, as an index (base = 100)
  split: DimensionId | null; // one line per code of this dimension (men and women side by side)
}

/** At most this many places share one comparison chart (one colour and marker each). */
export const MAX_COMPARE = 8;
const PLACE = /^KZ(-\d{2})?$/;

const TABS: Tab[] = ['map', 'changes', 'catalog'];

function browserLang(): Lang {
  for (const l of navigator.languages ?? []) {
    const code = l.slice(0, 2).toLowerCase();
    if ((LANGS as string[]).includes(code)) return code as Lang;
  }
  return 'ru';
}

/**
 * The breakdown a fragment names: `sex=F&area=R`, or inside the metric as a series key
 * (`metric=life_expectancy;sex=F`, how a breakdown was linked before it had its own selector).
 */
function parseBreakdown(p: URLSearchParams): { metric: string | null; dims: DimensionCodes } {
  const [metric, ...parts] = (p.get('metric') ?? '').split(';');
  const given = new Map(parts.map((part) => part.split('=') as [string, string]));
  const dims: Partial<Record<DimensionId, string>> = {};
  for (const d of DIMENSION_IDS) {
    const code = p.get(d) ?? given.get(d);
    if (
      code &&
      code !== TOTAL_CODE &&
      Object.prototype.hasOwnProperty.call(DIMENSIONS[d].codes, code)
    )
      dims[d] = code;
  }
  return { metric: metric || null, dims };
}

const isoDate = (s: string | null) => (s && /^\d{4}-\d{2}-\d{2}$/.test(s) ? s : null);

export function parseView(hash: string): View {
  const p = new URLSearchParams(hash.replace(/^#/, ''));
  const lang = p.get('lang');
  const tab = p.get('tab');
  const region = p.get('region');
  return {
    lang: lang && (LANGS as string[]).includes(lang) ? (lang as Lang) : browserLang(),
    tab: tab && (TABS as string[]).includes(tab) ? (tab as Tab) : 'map',
    ...parseBreakdown(p),
    date: isoDate(p.get('date')),
    region: region && /^KZ-\d{2}$/.test(region) ? region : null,
    q: p.get('q') || null,
    release: p.get('release') || null,
    compare: [...new Set((p.get('compare') ?? '').split(',').filter((c) => PLACE.test(c)))].slice(
      0,
      MAX_COMPARE,
    ),
    perCapita: p.get('per') === '1000',
    rev: p.get('rev') || null,
    from: isoDate(p.get('from')),
    to: isoDate(p.get('to')),
    base: p.get('index') || null,
    split: (DIMENSION_IDS as readonly string[]).includes(p.get('split') ?? '')
      ? (p.get('split') as DimensionId)
      : null,
  };
}

export function viewHash(v: View): string {
  const p = new URLSearchParams();
  p.set('lang', v.lang);
  if (v.tab !== 'map') p.set('tab', v.tab);
  if (v.metric) p.set('metric', v.metric);
  for (const d of DIMENSION_IDS) if (v.dims[d] && v.dims[d] !== TOTAL_CODE) p.set(d, v.dims[d]!);
  if (v.date) p.set('date', v.date);
  if (v.region) p.set('region', v.region);
  if (v.q) p.set('q', v.q);
  if (v.release) p.set('release', v.release);
  if (v.compare.length) p.set('compare', v.compare.join(','));
  if (v.perCapita) p.set('per', '1000');
  if (v.from) p.set('from', v.from);
  if (v.to) p.set('to', v.to);
  if (v.base) p.set('index', v.base);
  if (v.split) p.set('split', v.split);
  if (v.rev) p.set('rev', v.rev);
  // The comparison's ISO codes read as written (compare=KZ-35,KZ-75), not percent-encoded.
  return '#' + p.toString().replace(/%2C/g, ',');
}
