// The one-page PDFs and the three manifests that list them (path, sha256, bytes).
// A PDF cannot name the release revision (that hashes the PDF itself), so it carries the data
// content hash of every source revision it was built from, labelled as such on the page, and cites
// itself by that data revision: its permalink /d/{data_revision}/data/{path} is resolved by the
// server to the newest kept release built from those sources (src/serve/permalinks/data-revision.ts).
import { canonicalHash, sha256Hex } from '../../lib/hash.js';
import { dataRevisionPermalink } from '../../lib/permalinks.js';
import type { Model } from '../../model/model.js';
import type { Artifact } from '../artifact.js';
import { PdfRenderPool } from '../pdf/render-pool.js';
import { header, sourceOf } from './header.js';
import { observations } from './indicators.js';
import { locatorMap, rankedRegions, regionTrend, splitTrends } from './pdf-charts.js';
import { briefMetrics, HEADLINE_METRICS, indicatorOf, latestPoint, pointsOf } from './points.js';
import type { SourceDef } from '../../model/model.js';
import type { Point } from '../../model/types.js';

const BUREAU = /^Bureau of National Statistics/u;

/**
 * The passport's "Bureau table": the number the Bureau's catalogue gives the table, when the copy
 * used names it; a Bureau table whose number the copy does not give says so; another publisher's
 * series says whose it is.
 */
function bureauTableOf(number: string | null, source: SourceDef): string {
  if (number !== null) return number;
  return BUREAU.test(source.publisher)
    ? 'a Bureau table whose number the copy used does not give (see Source)'
    : `— (not a Bureau table: published by ${source.publisher})`;
}

const ATTRIBUTION =
  'Source data: Bureau of National Statistics (stat.gov.kz); boundaries: geokz 1.0.2, CC BY 4.0';

export function dataRevision(model: Model): string {
  return canonicalHash(model.sources.map((s) => [s.id, s.revision])).slice(0, 16);
}

function manifest(
  model: Model,
  name: string,
  title: string,
  pdfs: { path: string; bytes: Buffer; subject: string }[],
): Artifact {
  return {
    path: `${name}/manifest.json`,
    schema: 'pdf-manifest',
    json: {
      ...header(model, `${name}-manifest`),
      title,
      data_revision: dataRevision(model),
      count: pdfs.length,
      files: pdfs.map((p) => ({
        path: `/data/${p.path}`,
        subject: p.subject,
        sha256: sha256Hex(p.bytes),
        bytes: p.bytes.length,
        media_type: 'application/pdf',
      })),
    },
  };
}

/** The footer citation of the PDF at data/{path}: publisher, year, title, data revision, build date; then its permalink. */
function citationOf(
  model: Model,
  publicUrl: string | undefined,
  path: string,
  title: string,
): { text: string; permalink: string } {
  const revision = dataRevision(model);
  const built = new Date(model.builtAt).toISOString().slice(0, 10);
  const permalink = dataRevisionPermalink(revision, path);
  const text = `Cite as: Dala (${built.slice(0, 4)}). ${title} [PDF]. Data revision ${revision}, built ${built}.`;
  // without a public URL the path is printed with whose host it is on, never under a guessed host
  return publicUrl
    ? { text, permalink: `${publicUrl}${permalink}` }
    : {
        text: `${text} Built without a public URL: the path on the server it came from:`,
        permalink,
      };
}

/**
 * publicUrl: where the service answers, the base of the permalink each page cites. The pages' inputs
 * are made before this returns; the pages are rendered on worker threads (../pdf/render-pool.ts), so
 * the caller can go on with other work until it awaits them.
 */
export function pdfArtifacts(model: Model, publicUrl: string | undefined): Promise<Artifact[]> {
  const pool = new PdfRenderPool();
  try {
    return renderAll(model, publicUrl, pool).finally(() => pool.close());
  } catch (error) {
    void pool.close();
    throw error;
  }
}

function renderAll(
  model: Model,
  publicUrl: string | undefined,
  pool: PdfRenderPool,
): Promise<Artifact[]> {
  const builtAt = new Date(model.builtAt);
  const base = { revision: dataRevision(model), builtAt, attribution: ATTRIBUTION };
  const common = (path: string, title: string) => ({
    ...base,
    citation: citationOf(model, publicUrl, path, title),
  });

  type Pdf = { path: string; bytes: Buffer; subject: string };
  type Rendering = { path: string; bytes: Promise<Buffer>; subject: string };
  const passports: Rendering[] = [];
  for (const ind of model.indicators.filter((i) => model.points.some((p) => p.metric === i.id))) {
    const national = latestPoint(model, ind.id, 'KZ');
    const points = pointsOf(model, ind.id);
    // without a national series (districts only), the latest period any place published
    const latest =
      national ??
      points
        .filter((p) => p.value !== null)
        .reduce<Point | null>((b, p) => (b === null || p.period_end > b.period_end ? p : b), null);
    const source = sourceOf(model, ind.source_id);
    const nationalChart = national ? regionTrend(model, ind, 'KZ', 'Kazakhstan', null) : null;
    const regional = model.regions.some((r) => points.some((p) => p.place === r.iso));
    const path = `indicator-passports/${ind.id}.pdf`;
    const bytes = pool.render(
      {
        kind: 'indicator-passport',
        input: {
          ...common(path, `Indicator passport: ${ind.name.en}`),
          attribution: source.attribution,
          id: ind.id,
          name: ind.name,
          unit: ind.unit,
          frequency: ind.frequency,
          aggregation: ind.aggregation,
          layer: ind.layer,
          source: { title: source.title, url: source.url, licence: source.licence },
          bureau_table: bureauTableOf(ind.bureau_table, source),
          series_breaks: ind.series_breaks,
          notes: ind.notes,
          // places with a value in that period, not rows (a null row is no publication)
          latest: latest
            ? {
                period: latest.period,
                place_count: new Set(
                  points
                    .filter((p) => p.period === latest.period && p.value !== null)
                    .map((p) => p.place),
                ).size,
                national_value: national ? national.value : null,
                national_null_reason: national
                  ? national.null_reason
                  : 'no national figure: the source publishes this indicator for smaller places only',
                national_status: national ? national.status : 'final',
              }
            : null,
          decimals: nationalChart?.decimals ?? 0,
          national_chart: nationalChart,
          split_charts: national ? splitTrends(model, ind) : [],
          regions_chart: national && regional ? rankedRegions(model, ind, national.period) : null,
        },
      },
      path,
    );
    passports.push({ path, bytes, subject: `indicator:${ind.id}` });
  }

  const placeName = (iso: string) =>
    model.regions.find((r) => r.iso === iso)?.name ?? {
      kk: 'Қазақстан',
      ru: 'Казахстан',
      en: 'Kazakhstan',
    };
  const cards: Rendering[] = [];
  // Cards stay with the four headline indicators: a card per observation of every regional
  // statistic would add some 220 one-page PDFs that the JSON and CSV observations already carry.
  const headline: readonly string[] = HEADLINE_METRICS;
  for (const o of observations(model).filter((x) => headline.includes(x.indicator))) {
    const ind = model.indicators.find((i) => i.id === o.indicator)!;
    const source = sourceOf(model, o.source_id);
    const sparkline = {
      ...regionTrend(model, ind, o.place, placeName(o.place).en, o.period),
      comparison: null,
    };
    const path = `media-kit/${o.indicator}-${o.place.toLowerCase()}.pdf`;
    const title = `${ind.name.en}: ${placeName(o.place).en}, ${o.period}`;
    const bytes = pool.render(
      {
        kind: 'observation-card',
        input: {
          ...common(path, `Publication card: ${title}`),
          id: o.id,
          title,
          place_name: placeName(o.place),
          indicator_name: ind.name,
          value: o.value,
          null_reason: o.null_reason,
          unit: o.unit,
          period: o.period,
          status: o.status,
          source: { title: source.title, url: source.url },
          content_hash: o.content_hash,
          decimals: sparkline.decimals,
          sparkline,
        },
      },
      path,
    );
    cards.push({ path, bytes, subject: o.id });
  }

  const briefs: Rendering[] = [];
  for (const r of model.regions) {
    const geometry = model.geo.regions.find((g) => g.iso === r.iso)!;
    const path = `region-briefs/${r.slug}.pdf`;
    const bytes = pool.render(
      {
        kind: 'region-brief',
        input: {
          ...common(path, `Region brief: ${r.name.en}`),
          iso: r.iso,
          slug: r.slug,
          name: r.name,
          official_name: r.official_name,
          kind: r.kind,
          admin_centre: r.admin_centre,
          area_km2: geometry.areaKm2,
          area_source: 'geokz 1.0.2 ADM1 boundary, geodesic area',
          indicators: briefMetrics(model).flatMap((m) => {
            const p = latestPoint(model, m, r.iso);
            const ind = indicatorOf(model, m);
            if (!p) return [];
            const chart = regionTrend(model, ind, r.iso, r.name.en, null);
            return [
              {
                name: ind.name.en,
                value: p.value,
                null_reason: p.null_reason,
                unit: p.unit,
                period: p.period,
                status: p.status,
                source: sourceOf(model, p.source_id).title,
                decimals: chart.decimals,
                chart,
              },
            ];
          }),
          map: locatorMap(model, r.iso),
          institutions: model.institutions
            .filter((i) => i.region_iso === r.iso)
            .map((i) => i.name.en),
          sources: [
            ...new Set(
              [
                'bns-population',
                'bns-employed',
                'bns-unemployment',
                'bns-grp',
                'bns-life-expectancy',
                'bns-hospitals',
                'bns-emissions',
                'bns-env-expenditure',
                'bns-income',
                'geokz',
              ].map((s) => sourceOf(model, s).title),
            ),
          ],
        },
      },
      path,
    );
    briefs.push({ path, bytes, subject: r.id });
  }

  const rendered = (list: Rendering[]): Promise<Pdf[]> =>
    Promise.all(list.map(async (p) => ({ ...p, bytes: await p.bytes })));
  const files = (list: Pdf[]): Artifact[] => list.map((p) => ({ path: p.path, bytes: p.bytes }));
  return Promise.all([rendered(passports), rendered(cards), rendered(briefs)]).then(([p, c, b]) => [
    ...files(p),
    manifest(model, 'indicator-passports', 'One-page indicator passports', p),
    ...files(c),
    manifest(
      model,
      'media-kit',
      'Publication cards, one per public observation of the four headline indicators',
      c,
    ),
    ...files(b),
    manifest(model, 'region-briefs', 'One-page regional briefs (20 regions)', b),
  ]);
}
