// The map's key: indicator and unit, the colour classes, what hatching and the mark mean, the
// period(s) shown, the source, and how the values were derived when Dala derived them.
import { classLabels, type Classes } from './classes';
import type { KeyItem } from './export-image';
import type { Lang, T } from './i18n';

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

/** The key as the exported picture draws it. */
export function mapKey(lang: Lang, t: T, p: Props): KeyItem[] {
  const labels = p.classes ? classLabels(lang, p.classes) : [];
  return [
    ...labels.map((label, i) => ({ label, fill: p.classes!.colours[i]! })),
    ...(p.anyMissing ? [{ label: t('notPublishedLong'), hatch: true }] : []),
  ];
}

export function MapLegend(props: Props) {
  const { lang, t, title, unit, classes, anyMissing, anyMarked, manyPeriods, periodText } = props;
  const { source, note } = props;
  return (
    <div class="legend" aria-label={t('legend')} role="group">
      <p class="legend-title">
        <strong>{title}</strong>, <span class="legend-unit">{unit}</span>
      </p>
      <ul>
        {classes &&
          classLabels(lang, classes).map((label, i) => (
            <li key={i}>
              <span class="swatch" style={{ background: classes.colours[i] }} aria-hidden="true" />
              {label}
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
