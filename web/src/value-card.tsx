// One value as text: the number with every digit its source gave and its own unit, its status when
// not final, its note and, when there is no value, why, with its period and source.
import { fmtDerived, fmtPeriod, fmtValue, isMarked, statusLabel } from './format';
import type { Lang, T } from './i18n';
import type { ValuePoint } from './lines';
import { ReleaseNote } from './notes';
import { unitText } from './shown';

interface Props {
  lang: Lang;
  t: T;
  heading: string;
  point: ValuePoint | null;
  source: { title: string; url: string | null };
}

export function ValueCard({ lang, t, heading, point, source }: Props) {
  return (
    <div class="current" data-testid="current-value">
      <h3>{heading}</h3>
      {point && point.value !== null ? (
        <p class="big">
          <span class="value">
            {point.derived ? fmtDerived(lang, point.value) : fmtValue(lang, point.value)}
          </span>{' '}
          <span class="unit">{unitText(lang, t, point.unit, point.value)}</span>
          {isMarked(point.status) && (
            <span class={`badge ${point.status}`}>{statusLabel(t, point.status)}</span>
          )}
        </p>
      ) : (
        <p class="big np">{point?.withheld ?? t('notPublished')}</p>
      )}
      {point?.value === null && !point.withheld && point.null_reason && (
        <p class="reason">
          <ReleaseNote lang={lang} t={t} text={point.null_reason} kind="reason" />
        </p>
      )}
      {point?.note && (
        <p class="note">
          <ReleaseNote lang={lang} t={t} text={point.note} />
        </p>
      )}
      <dl class="facts">
        <dt>{t('period')}</dt>
        <dd class="period">{point ? fmtPeriod(lang, point.period) : '—'}</dd>
        <dt>{t('source')}</dt>
        <dd class="source">
          {source.url ? (
            <a href={source.url} rel="noopener" target="_blank">
              {source.title}
            </a>
          ) : (
            source.title
          )}
        </dd>
      </dl>
    </div>
  );
}
