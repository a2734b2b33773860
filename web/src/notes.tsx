// A note of the release at the value it is about. The release writes its notes and reasons in English
// only (its footnotes quote the Bureau's Russian): in the kk and ru views the note is announced in the
// reader's language and opens on request, marked as English for a screen reader.
import type { Lang, T } from './i18n';

export function ReleaseNote({
  lang,
  t,
  text,
  kind = 'note',
}: {
  lang: Lang;
  t: T;
  text: string;
  kind?: 'note' | 'reason' | 'description' | 'terms';
}) {
  if (lang === 'en') return <span class={`release-${kind}`}>{text}</span>;
  return (
    <details class={`release-${kind}`}>
      <summary>{t(`${kind}English`)}</summary>
      <span lang="en">{text}</span>
    </details>
  );
}
