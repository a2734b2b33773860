// Under every view: its rows as CSV (exactly the rows on screen), its chart as SVG and PNG with the
// source, period and release printed in the picture, an embed snippet pinned to the release, and how
// to cite it with the release's permalink.
import { useMemo } from 'preact/hooks';
import { csvText, type CsvRow } from './csv';
import { pngFromSvg, saveBlob, svgForDownload } from './export-image';
import type { T } from './i18n';

interface Props {
  t: T;
  id: string; // distinguishes the controls of two views on one page
  name: string; // file name without extension
  rows: CsvRow[];
  chart: () => SVGSVGElement | null;
  credit: string[];
  embedUrl: string | null;
  revision: string;
  cite: string;
  permalink: string;
}

export function ViewTools({
  t,
  id,
  name,
  rows,
  chart,
  credit,
  embedUrl,
  revision,
  cite,
  permalink,
}: Props) {
  const csvUrl = useMemo(
    () => URL.createObjectURL(new Blob([csvText(rows)], { type: 'text/csv;charset=utf-8' })),
    [rows],
  );
  const svg = () => {
    const el = chart();
    return el ? svgForDownload(el, credit) : null;
  };
  const snippet = embedUrl
    ? `<iframe src="${embedUrl}" width="720" height="420" style="border:0;max-width:100%" title="${cite.replace(/"/g, '&quot;')}" loading="lazy"></iframe>`
    : null;
  return (
    <div class="view-tools" data-view={id}>
      <h3 id={`${id}-download`}>{t('downloadView')}</h3>
      <p class="downloads" role="group" aria-labelledby={`${id}-download`}>
        <a class="button csv" href={csvUrl} download={`${name}.csv`}>
          {t('downloadCsv')}
        </a>
        <button
          type="button"
          class="svg"
          onClick={() => {
            const s = svg();
            if (s) saveBlob(new Blob([s.text], { type: 'image/svg+xml' }), `${name}.svg`);
          }}
        >
          {t('downloadSvg')}
        </button>
        <button
          type="button"
          class="png"
          onClick={() => {
            const s = svg();
            if (s) void pngFromSvg(s).then((b) => saveBlob(b, `${name}.png`));
          }}
        >
          {t('downloadPng')}
        </button>
      </p>
      {snippet && (
        <>
          <label for={`${id}-embed`}>{t('embed')}</label>
          <p class="hint" id={`${id}-embed-help`}>
            {t('embedHelp', { revision })}
          </p>
          <textarea
            id={`${id}-embed`}
            class="embed-code"
            readOnly
            rows={3}
            aria-describedby={`${id}-embed-help`}
            value={snippet}
            onFocus={(e) => (e.target as HTMLTextAreaElement).select()}
          />
        </>
      )}
      <h3>{t('cite')}</h3>
      <p class="cite">{cite}</p>
      <p class="permalink">
        {t('citePermalink')}: <a href={permalink}>{new URL(permalink, location.href).href}</a>
      </p>
    </div>
  );
}
