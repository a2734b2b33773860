// A chart as a table: one row per period, one column per line, every value with its source's digits,
// its status when not final, and a numbered note under the table (each distinct note once), so the
// figures read on a phone or by a screen reader as they are drawn.
import { fmtDerived, fmtPeriod, fmtValue, isMarked, statusLabel } from './format';
import type { Lang, T } from './i18n';
import type { Line, ValuePoint } from './lines';
import { ReleaseNote } from './notes';

interface Props {
  id: string;
  lines: Line[];
  lang: Lang;
  t: T;
  caption: string;
  unit: (p: ValuePoint) => string; // a value's unit in the reader's words
}

export function ChartTable({ id, lines, lang, t, caption, unit }: Props) {
  const periods = new Map<string, string>();
  for (const l of lines) for (const p of l.points) periods.set(p.period, p.period_end);
  const rows = [...periods].sort((a, b) => a[1].localeCompare(b[1])).map(([p]) => p);
  const notes: string[] = [];
  const noteNo = (text: string) => {
    const i = notes.indexOf(text);
    return i >= 0 ? i + 1 : notes.push(text);
  };
  const cell = (p: ValuePoint | undefined) => {
    if (!p) return <span class="np">—</span>;
    const note = [p.note, p.value === null && !p.withheld ? p.null_reason : null]
      .filter((n): n is string => Boolean(n))
      .map(noteNo);
    return (
      <>
        {p.value === null ? (
          <span class="np">{p.withheld ?? t('notPublished')}</span>
        ) : (
          <span class="v">
            {p.derived ? fmtDerived(lang, p.value) : fmtValue(lang, p.value)} {unit(p)}
          </span>
        )}
        {isMarked(p.status) && p.published !== null && (
          <span class={`badge ${p.status}`}>{statusLabel(t, p.status)}</span>
        )}
        {note.map((n) => (
          <sup key={n} class="note-ref">
            <a href={`#${id}-note-${n}`} aria-label={t('noteNumber', { n })}>
              {n}
            </a>
          </sup>
        ))}
      </>
    );
  };
  const body = rows.map((period) => (
    <tr key={period}>
      <th scope="row">{fmtPeriod(lang, period)}</th>
      {lines.map((l) => (
        <td key={l.key}>{cell(l.points.find((p) => p.period === period))}</td>
      ))}
    </tr>
  ));
  return (
    <div class="chart-table">
      <div class="scroll-x" tabIndex={0} role="region" aria-label={caption}>
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{t('period')}</th>
              {lines.map((l) => (
                <th scope="col" key={l.key}>
                  {l.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{body}</tbody>
        </table>
      </div>
      {notes.length > 0 && (
        <ol class="table-notes">
          {notes.map((n, i) => (
            <li key={i} id={`${id}-note-${i + 1}`}>
              <ReleaseNote lang={lang} t={t} text={n} />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
