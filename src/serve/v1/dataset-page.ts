// A dataset's landing page: GET /api/v1/datasets/{id} answers a browser (Accept: text/html, or
// format=html) this page and a program the JSON passport, at the same URL (RFC 9110 12.5.1), so the
// URL the DCAT-AP catalogue names as dcat:landingPage and schema.org names as `url` is the page a
// person and a search engine land on. Plain server-rendered HTML with the dataset's schema.org
// Dataset markup (../catalog/dataset-markup.ts), every fact from the sealed release.
import {
  catalogEntryOf,
  dcatFactsOf,
  indicatorsOf,
  jsonLdScript,
  schemaOrgDataset,
} from '../catalog/dataset-markup.js';
import { createHash } from 'node:crypto';
import { publicBaseOf } from '../permalinks/citation.js';
import type { LoadedRelease } from '../releases/release-types.js';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const LANGS = ['en', 'ru', 'kk'] as const;
const STYLE =
  'body{font-family:sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;line-height:1.4}li{margin:.3rem 0}th,td{text-align:left;padding:.2rem .6rem .2rem 0}';

/**
 * The page's Content Security Policy: nothing loads or runs but its own style element (allowed by its
 * hash, CSP Level 3 §8.4); the JSON-LD block is data, never executed.
 */
export const DATASET_PAGE_HEADERS = {
  'content-security-policy': `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
  'referrer-policy': 'no-referrer',
};

interface DatasetView {
  id: string;
  freshness: { as_of: string | null; status: string; reason: string[] };
  citation: { text: string; permalink: string };
  publication_limits?: unknown;
}

/** The landing page of a dataset (its view as the JSON answer gives it, evaluated at request time). */
export function datasetPage(release: LoadedRelease, view: DatasetView): string {
  const entry = catalogEntryOf(release, view.id);
  const dcat = dcatFactsOf(release).get(view.id);
  const base = publicBaseOf(release);
  const title = dcat?.titles.en ?? entry?.title ?? view.id;
  const markup = entry
    ? jsonLdScript({ '@context': 'https://schema.org', ...schemaOrgDataset(release, entry) })
    : '';
  const texts = (of: Partial<Record<string, string>> | undefined, tag: string) =>
    LANGS.filter((l) => of?.[l])
      .map((l) => `<${tag} lang="${l}">${esc(of![l]!)}</${tag}>`)
      .join('');
  const variables = indicatorsOf(release, view.id);
  const list = (items: string[]) => (items.length ? `<ul>${items.join('')}</ul>` : '');
  const section = (id: string, heading: string, body: string) =>
    body ? `<section id="${id}"><h2>${heading}</h2>${body}</section>` : '';
  const licence = dcat?.licence;
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
    `<title>${esc(title)} · Dala</title>` +
    `<meta name="description" content="${esc(entry?.description ?? '')}">` +
    `<link rel="alternate" type="application/json" href="${esc(`${base}/api/v1/datasets/${view.id}?format=json`)}">` +
    markup +
    `<style>${STYLE}</style></head>` +
    `<body><p><a href="${esc(`${base}/`)}">Dala</a> · <a href="${esc(`${base}/api/v1/catalog`)}">catalogue</a></p>` +
    `<h1>${esc(title)}</h1>${texts({ ru: dcat?.titles.ru, kk: dcat?.titles.kk }, 'p')}` +
    texts(dcat?.descriptions ?? { en: entry?.description ?? '' }, 'p') +
    section(
      'download',
      'Download',
      list(
        (entry?.distributions ?? []).map(
          (d) =>
            `<li><a href="${esc(`${base}${d.url}`)}">${esc(d.url.split('/').pop()!)}</a> (${esc(d.media_type)})</li>`,
        ),
      ),
    ) +
    section(
      'variables',
      'Indicators',
      variables.length
        ? `<table><tr><th>Indicator</th><th>Unit</th><th></th></tr>${variables
            .map(
              (v) =>
                `<tr><td><a href="${esc(`${base}/api/v1/indicators/indicator:${v.metric}`)}">${esc(v.name.en ?? v.metric)}</a></td>` +
                `<td>${esc(v.unit ?? '')}</td><td><a href="${esc(`${base}/#metric=${v.metric}`)}">explore</a></td></tr>`,
            )
            .join('')}</table>`
        : '',
    ) +
    section(
      'period',
      'Period',
      dcat?.temporal
        ? `<p>${esc(dcat.temporal.start)} to ${esc(dcat.temporal.end ?? 'the present')}; data as of ${esc(view.freshness.as_of ?? 'unknown')} (${esc(view.freshness.status)}).</p>`
        : '',
    ) +
    section(
      'keywords',
      'Keywords',
      esc([...new Set(dcat?.keywords.map((k) => k['@value']))].join(', ')),
    ) +
    section('themes', 'Themes', esc((dcat?.themes ?? []).join(', '))) +
    section(
      'licence-terms',
      'Licence',
      licence
        ? licence.own
          ? `<p>${esc(licence.label ?? '')}</p>`
          : `<p><a href="${esc(licence.iri)}">${esc(licence.iri)}</a></p>`
        : '',
    ) +
    section(
      'sources',
      'Sources',
      list(
        (entry?.sources ?? []).map((s) => `<li><a href="${esc(s.url)}">${esc(s.title)}</a></li>`),
      ),
    ) +
    section(
      'limits',
      'Publication limits',
      typeof view.publication_limits === 'string' ? `<p>${esc(view.publication_limits)}</p>` : '',
    ) +
    section(
      'citation',
      'Cite',
      `<p>${esc(view.citation.text)}</p><p><a href="${esc(view.citation.permalink)}">${esc(view.citation.permalink)}</a></p>`,
    ) +
    `<p>Release <code>${esc(release.revision)}</code>. The same URL answers JSON to a program (Accept: application/json).</p>` +
    `</body></html>`
  );
}
