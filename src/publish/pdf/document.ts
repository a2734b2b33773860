// The deterministic PDF document factory. Same input -> same bytes (docs/interface.md §11.4):
// - CreationDate/ModDate come from `builtAt` (SOURCE_DATE_EPOCH upstream), never the wall clock;
// - the trailer /ID is PDFKit's md5 over the Info dictionary (PDFSecurity.generateFileID), which is
//   fully ours here (fixed dates, Title, Subject with the page id, fixed Creator/Producer);
// - the font subset tag is derived from the font's resource id (F1, F2), not random;
// - compression is always on (zlib deflate of a fixed input is stable).
// Every page is A4 and must stay one page: `finish` asserts it (docs/interface.md §2.2 "one-page PDF").

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create, type Font } from 'fontkit';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);

/** DejaVu Sans covers Cyrillic including the Kazakh letters ә ғ қ ң ө ұ ү һ і. */
export const FONT_PATHS = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
} as const;

export const FONT = { regular: 'dala-regular', bold: 'dala-bold' } as const;

/**
 * Font bytes, read once per process. The parsed font is NOT shared between documents: fontkit's
 * glyph objects are mutable caches, and a font parsed once and reused made a later page's ToUnicode
 * map depend on which pages were drawn before it (found by rendering in different orders).
 */
let bytes: { regular: Buffer; bold: Buffer } | null = null;
function fontBytes(): { regular: Buffer; bold: Buffer } {
  bytes ??= { regular: readFileSync(FONT_PATHS.regular), bold: readFileSync(FONT_PATHS.bold) };
  return bytes;
}

/** fontkit's per-font cache of decoded tables (what `getVariation` shares between its instances). */
type WithTables = Font & { _tables: Record<string, unknown> };

/**
 * Decoded font tables, shared by every document's own font instance. Decoding GSUB/GPOS/cmap/hmtx
 * anew for each page was a third of a real build's CPU; the tables are never written after decoding
 * (fontkit itself shares them between a font and its variations), while the glyph cache, the only
 * order-dependent state (see above), stays per instance.
 */
const tables: { regular?: Record<string, unknown>; bold?: Record<string, unknown> } = {};
function fontFor(weight: 'regular' | 'bold'): Font {
  const font = create(fontBytes()[weight]) as WithTables;
  tables[weight] ??= font._tables;
  font._tables = tables[weight];
  return font;
}

export interface DocumentMeta {
  /** Document title (Info /Title). */
  title: string;
  /** Page kind and id (Info /Subject); makes the /ID differ between pages built at the same time. */
  subject: string;
  builtAt: Date;
}

export function assertValidDate(value: unknown, where: string): asserts value is Date {
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) {
    throw new TypeError(`${where}: field builtAt must be a valid Date, got ${String(value)}`);
  }
}

export function createDocument(meta: DocumentMeta): PDFKit.PDFDocument {
  assertValidDate(meta.builtAt, meta.subject);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 48,
    pdfVersion: '1.7',
    compress: true,
    bufferPages: true,
    autoFirstPage: true,
    // No default font: PDFKit would otherwise load Helvetica; DejaVu is selected right below.
    font: '',
    info: {
      Title: meta.title,
      Subject: meta.subject,
      Creator: 'Dala',
      Producer: 'Dala (PDFKit)',
      CreationDate: meta.builtAt,
      ModDate: meta.builtAt,
    },
  });
  // PDFKit takes a fontkit font as a font source (PDFFontFactory.open), embedding its own subset.
  doc.registerFont(FONT.regular, fontFor('regular') as never);
  doc.registerFont(FONT.bold, fontFor('bold') as never);
  doc.font(FONT.regular);
  return doc;
}

/** Ends the document, checks it is exactly one page and returns its bytes. */
export function finish(doc: PDFKit.PDFDocument, where: string): Promise<Buffer> {
  const pages = doc.bufferedPageRange().count;
  if (pages !== 1) {
    throw new Error(
      `${where}: layout produced ${pages} pages, expected exactly 1 (every document is one page)`,
    );
  }
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}
