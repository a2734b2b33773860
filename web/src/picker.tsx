// Choosing among hundreds of indicators: a list grouped by topic, and a search box that narrows it as
// one types, matching the indicator's name in Kazakh, Russian and English whatever the page's language
// (and its SDG number where it has one). The search box is an ARIA 1.2 combobox with a grouped listbox
// (https://www.w3.org/WAI/ARIA/apg/patterns/combobox/): arrows move, Enter chooses, Escape closes.
import { useMemo, useState } from 'preact/hooks';
import type { Metric } from './api';
import { metricName } from './format';
import { matchIndicators } from './picker-match';
import type { Topic } from './topics';
import type { Lang, T } from './i18n';

interface Props {
  lang: Lang;
  t: T;
  indicators: Metric[];
  topicsOf: (m: Metric) => Topic[]; // an indicator's topics, in the scheme's order
  sdgOf: (m: Metric) => string | null; // its SDG number: the goal it is classified in (topics.ts)
  chosen: Metric;
  onChoose: (id: string) => void;
  count: number; // the release's indicators, `indicators` listing them all or not yet
  onLook: (() => void) | null; // asks for the indicators not listed yet, as the reader starts to look
}

export function IndicatorPicker(props: Props) {
  const { lang, t, indicators, topicsOf, sdgOf, chosen, onChoose, onLook } = props;
  const [q, setQ] = useState('');
  const [open, setOpen] = useState(false);
  const [at, setAt] = useState(0);
  const groups = (list: Metric[]) => {
    const byTopic = new Map<string, { topic: Topic; items: Metric[] }>();
    for (const m of list) {
      const topic = topicsOf(m)[0] ?? { id: 'other', name: t('topicOther') };
      if (!byTopic.has(topic.id)) byTopic.set(topic.id, { topic, items: [] });
      byTopic.get(topic.id)!.items.push(m);
    }
    return [...byTopic.values()].sort(
      (a, b) => (a.topic.rank ?? Infinity) - (b.topic.rank ?? Infinity),
    );
  };
  const all = useMemo(() => groups(indicators), [indicators, lang]);
  const matches = useMemo(() => matchIndicators(q, indicators, lang, sdgOf), [q, indicators, lang]);
  const shown = groups(matches);
  const flat = shown.flatMap((g) => g.items);
  const choose = (m: Metric) => {
    onChoose(m.id);
    setQ('');
    setOpen(false);
  };
  const label = (m: Metric) => {
    const sdg = sdgOf(m);
    return sdg ? `${metricName(lang, m)} (${t('sdgNumber', { n: sdg })})` : metricName(lang, m);
  };

  return (
    <div class="picker">
      <label for="metric">{t('indicator')}</label>
      <select
        id="metric"
        value={chosen.id}
        onFocus={() => onLook?.()}
        onChange={(e) => onChoose((e.target as HTMLSelectElement).value)}
      >
        {all.map((g) => (
          <optgroup key={g.topic.id} label={g.topic.name}>
            {g.items.map((m) => (
              <option key={m.id} value={m.id}>
                {label(m)}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      <label for="metric-find" class="find-label">
        {t('pickerFind', { n: props.count })}
      </label>
      <div class="combo">
        <input
          id="metric-find"
          type="text"
          // ARIA in HTML allows role=combobox on a text input; Preact's types want a list attribute too
          {...({ role: 'combobox' } as object)}
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={open && flat.length > 0}
          aria-controls="metric-options"
          aria-activedescendant={open && flat[at] ? `opt-${flat[at]!.id}` : undefined}
          aria-describedby="metric-find-status"
          value={q}
          onFocus={() => onLook?.()}
          onInput={(e) => {
            setQ((e.target as HTMLInputElement).value);
            setOpen(true);
            setAt(0);
          }}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
              e.preventDefault();
              setOpen(true);
              setAt((i) =>
                flat.length
                  ? (i + (e.key === 'ArrowDown' ? 1 : -1) + flat.length) % flat.length
                  : 0,
              );
            } else if (e.key === 'Enter' && open && flat[at]) {
              e.preventDefault();
              choose(flat[at]!);
            } else if (e.key === 'Escape') setOpen(false);
          }}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
        />
        <p id="metric-find-status" class="sr-only" role="status">
          {q ? t('pickerCount', { n: flat.length, q }) : ''}
        </p>
        {open && q && (
          <div id="metric-options" role="listbox" aria-label={t('indicator')} class="options">
            {!flat.length && <p class="none">{t('pickerNone', { q })}</p>}
            {shown.map((g) => (
              <ul key={g.topic.id} role="group" aria-labelledby={`topic-${g.topic.id}`}>
                <li role="presentation" class="topic" id={`topic-${g.topic.id}`}>
                  {g.topic.name}
                </li>
                {g.items.map((m) => (
                  <li
                    key={m.id}
                    id={`opt-${m.id}`}
                    role="option"
                    data-id={m.id}
                    aria-selected={flat[at] === m}
                    class={flat[at] === m ? 'active' : undefined}
                    onMouseDown={(e) => {
                      e.preventDefault();
                      choose(m);
                    }}
                  >
                    {label(m)}
                  </li>
                ))}
              </ul>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
