// Kazakhstan as a whole, for every indicator: the national value as text with its period, status,
// note and source, beside the map. An indicator published for the country only (an exchange rate, the
// base rate, consumer prices) has its national series here as a figure, since no region has one.
import type { DimensionId } from '../../src/lib/dimensions.js';
import { PlaceFigure } from './figure';
import type { Lang, T } from './i18n';
import type { Line, ValuePoint } from './lines';
import type { Shown } from './shown';
import { ValueCard } from './value-card';
import type { View } from './view';

interface Props {
  lang: Lang;
  t: T;
  shown: Shown;
  point: ValuePoint | null;
  line: Line | null; // drawn when the indicator is national only
  nationalOnly: boolean;
  compared: boolean;
  onCompare: () => void;
  view: View;
  update: (patch: Partial<View>) => void;
  splits: DimensionId[];
  embedUrl: string;
}

export function NationalPanel(props: Props) {
  const { lang, t, shown, point, line, nationalOnly, compared, onCompare } = props;
  const name = t('national');
  return (
    <section class="national" aria-labelledby="national-heading" data-place="KZ">
      <h2 id="national-heading">{name}</h2>
      {nationalOnly && <p class="hint national-only">{t('nationalOnly')}</p>}
      <ValueCard lang={lang} t={t} heading={shown.metricName} point={point} source={shown.source} />
      {!nationalOnly && (
        <button type="button" class="compare-toggle" aria-pressed={compared} onClick={onCompare}>
          {compared ? t('compareRemove', { place: name }) : t('compareAddNamed', { place: name })}
        </button>
      )}
      {nationalOnly && line && line.points.length > 0 && (
        <PlaceFigure
          id="national"
          lines={[line]}
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
    </section>
  );
}
