// The title a source is cited by, in the reader's language (the release titles its sources in English).
import type { Metric } from './api.js';
import { metricName } from './format.js';
import type { Lang, T } from './i18n.js';

const PUBLISHERS: [RegExp, 'bureau' | 'nationalBank' | 'sdgPlatform' | 'mediaSample'][] = [
  [/^bns-/, 'bureau'],
  [/^nbk-/, 'nationalBank'],
  [/^kazstat-sdg$/, 'sdgPlatform'],
  [/^dala-media-sample$/, 'mediaSample'],
];

/**
 * A source's title in the reader's language. The release titles its sources in English only; in kk and
 * ru a source of the Bureau, the National Bank, the SDG reporting platform or Dala's media sample is
 * named by its publisher and the indicator's own name in that language, which the release carries, or
 * by its publisher alone while its indicator is not listed yet (the link still leads to the
 * publisher's page, and the English edition keeps the source's own title).
 */
export function sourceIn(
  lang: Lang,
  t: T,
  sources: Map<string, { title: string; url: string | null }>,
  metrics: Metric[],
) {
  return (id: string, indicator?: string): { title: string; url: string | null } => {
    const s = sources.get(id) ?? { title: id, url: null };
    const publisher = PUBLISHERS.find(([re]) => re.test(id))?.[1];
    if (lang === 'en' || !publisher) return s;
    // A source of several indicators (the SDG platform has hundreds) is named by the one shown, never
    // by another of them; one not listed yet (the page lists the rest once the reader looks), or a
    // source named without its indicator, by its publisher alone.
    const of = metrics.filter((x) => x.source_id === id && (x.indicator ?? x.id) === x.id);
    const m = of.length === 1 ? of[0] : of.find((x) => x.id === indicator);
    return { ...s, title: m ? `${t(publisher)}: ${metricName(lang, m)}` : t(publisher) };
  };
}
