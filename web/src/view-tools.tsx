// Under every figure: a link to the view to copy, its rows as CSV (exactly the rows shown), its
// drawing as SVG and PNG framed with its title, key, notes, source and release, an embed snippet pinned
// to the release that sizes its frame to the chart, and how to cite it with the release's permalink.
import { useMemo, useState } from 'preact/hooks';
import { csvText, type CsvRow } from './csv';
import { pngFromSvg, saveBlob, svgForDownload, type Frame } from './export-image';
import type { T } from './i18n';

interface Props {
  t: T;
  id: string; // distinguishes the controls of two views on one page
  name: string; // file name without extension
  rows: CsvRow[];
  chart: () => SVGSVGElement | null;
  frame: Frame;
  embedUrl: string | null;
  revision: string;
  cite: string;
  permalink: string;
}

/**
 * The embed snippet: a frame as wide as its column and a few lines that set its height to the chart's,
 * which the embedded page posts (embed.tsx), so nothing is cropped at any width.
 */
export function embedSnippet(url: string, title: string): string {
  const origin = new URL(url).origin;
  const script = `addEventListener("message",function(e){if(e.origin!=="${origin}"||!e.data||e.data.dala!=="height")return;document.querySelectorAll("iframe[data-dala]").forEach(function(f){if(f.contentWindow===e.source)f.style.height=e.data.height+"px"})})`;
  return `<iframe src="${url}" data-dala title="${title.replace(/"/g, '&quot;')}" style="border:0;width:100%;min-width:300px;height:560px" loading="lazy"></iframe><script>${script}</script>`;
}

export function CopyLink({ t, id }: { t: T; id: string }) {
  const [state, setState] = useState<'idle' | 'done' | 'failed'>('idle');
  return (
    <span class="copy-link">
      <button
        type="button"
        class="copy"
        id={`${id}-copy`}
        onClick={() =>
          navigator.clipboard.writeText(location.href).then(
            () => setState('done'),
            () => setState('failed'),
          )
        }
      >
        {t('copyLink')}
      </button>{' '}
      <span role="status" class="hint">
        {state === 'done' ? t('linkCopied') : state === 'failed' ? t('linkCopyFailed') : ''}
      </span>
      {state === 'failed' && <input readOnly value={location.href} aria-label={t('share')} />}
    </span>
  );
}

export function ViewTools({
  t,
  id,
  name,
  rows,
  chart,
  frame,
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
    return el ? svgForDownload(el, frame) : null;
  };
  const snippet = embedUrl ? embedSnippet(embedUrl, cite) : null;
  return (
    <div class="view-tools" data-view={id}>
      <h3 id={`${id}-download`}>{t('downloadView')}</h3>
      <p class="downloads" role="group" aria-labelledby={`${id}-download`}>
        <CopyLink t={t} id={id} />
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
