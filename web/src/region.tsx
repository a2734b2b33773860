// A region's panel: the chosen indicator's value as text with its period, source, status and note,
// the region's own series (its breaks only) as a figure, and its profile from the analytics file.
import type { DimensionId } from '../../src/lib/dimensions.js';
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, type RegionAnalytics } from './api';
import { PlaceFigure } from './figure';
import { nameIn } from './format';
import type { Lang, T } from './i18n';
import type { Line, ValuePoint } from './lines';
import { RegionProfile } from './region-profile';
import type { Shown } from './shown';
import { ValueCard } from './value-card';
import type { View } from './view';

interface Props {
  iso: string;
  slug: string;
  lang: Lang;
  t: T;
  shown: Shown;
  point: ValuePoint | null;
  lines: Line[];
  view: View;
  update: (patch: Partial<View>) => void;
  splits: DimensionId[];
  compared: boolean;
  onCompare: () => void;
  embedUrl: string;
  onClose: () => void;
  metricLabel: (id: string) => string;
  sourceTitle: (id: string, indicator?: string) => { title: string; url: string | null };
}

export function RegionPanel(props: Props) {
  const { iso, slug, lang, t, shown, point, lines, compared, onCompare, onClose } = props;
  const [data, setData] = useState<RegionAnalytics | null>(null);
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    setData(null);
    setError(null);
    api.region(slug).then(setData, (e: Error) => setError(e.message));
  }, [slug]);
  useEffect(() => heading.current?.focus(), [iso, data === null]);

  if (error)
    return (
      <section class="panel" aria-live="polite">
        <p role="alert">{t('error', { detail: error })}</p>
      </section>
    );
  if (!data)
    return (
      <section class="panel" aria-busy="true">
        <p>{t('loading')}</p>
      </section>
    );

  const r = data.region;
  const name = nameIn(lang, r.name);
  return (
    <section class="panel" aria-labelledby="region-heading" data-region={iso}>
      <div class="panel-head">
        <h2 id="region-heading" tabIndex={-1} ref={heading}>
          {name}
        </h2>
        <button type="button" class="close" onClick={onClose} aria-label={`${t('close')}: ${name}`}>
          ×
        </button>
      </div>
      <p class="kind">
        {t(r.kind === 'city' ? 'kind_city' : 'kind_region')} · {r.iso}
      </p>
      <button type="button" class="compare-toggle" aria-pressed={compared} onClick={onCompare}>
        {compared ? t('compareRemove', { place: name }) : t('compareAddNamed', { place: name })}
      </button>
      <ValueCard lang={lang} t={t} heading={shown.metricName} point={point} source={shown.source} />
      {lines.some((l) => l.points.length) && (
        <PlaceFigure
          id="region"
          lines={lines}
          place={name}
          lang={lang}
          t={t}
          view={props.view}
          update={props.update}
          shown={shown}
          splits={props.splits}
          embedUrl={props.embedUrl}
        />
      )}
      <RegionProfile
        data={data}
        lang={lang}
        t={t}
        metricLabel={props.metricLabel}
        sourceTitle={props.sourceTitle}
      />
    </section>
  );
}
