// The map's legend: indicator and unit, the colour classes, what hatching and the mark mean, the
// period(s) shown and the source.
import { fmtNumber } from './format';
import type { Lang, T } from './i18n';
import type { Classes } from './map';

interface Props {
  lang: Lang;
  t: T;
  title: string;
  unit: string;
  classes: Classes | null;
  anyMissing: boolean;
  anyMarked: boolean;
  manyPeriods: boolean;
  periodText: string;
  source: { title: string; url: string | null } | null;
  note: string | null;
}

export function MapLegend({
  lang,
  t,
  title,
  unit,
  classes,
  anyMissing,
  anyMarked,
  manyPeriods,
  periodText,
  source,
  note,
}: Props) {
  return (
    <div class="legend" aria-label={t('legend')} role="group">
      <p class="legend-title">
        <strong>{title}</strong>, <span class="legend-unit">{unit}</span>
      </p>
      <ul>
        {classes?.breaks.map(([lo, hi], i) => (
          <li key={i}>
            <span class="swatch" style={{ background: classes.colours[i] }} aria-hidden="true" />
            {fmtNumber(lang, lo)} – {fmtNumber(lang, hi)}
          </li>
        ))}
        {anyMissing && (
          <li>
            <span class="swatch hatch" aria-hidden="true" />
            {t('notPublishedLong')}
          </li>
        )}
        {anyMarked && (
          <li>
            <span class="swatch mark-swatch" aria-hidden="true">
              !
            </span>
            {t('marked')}
          </li>
        )}
      </ul>
      <p class="legend-meta">
        <span class="legend-period">
          {manyPeriods ? t('periods') : t('period')}: {periodText}
        </span>
        {' · '}
        <span class="legend-source">
          {t('source')}:{' '}
          {source?.url ? (
            <a href={source.url} rel="noopener" target="_blank">
              {source.title}
            </a>
          ) : (
            source?.title
          )}
        </span>
      </p>
      {note && <p class="hint derivation">{note}</p>}
    </div>
  );
}
