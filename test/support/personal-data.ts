// The personal data of the staged snapshots (their passports are in sources/passports.json), read
// from the snapshots themselves so that a changed file cannot hide a name: the names,
// phone numbers and e-mails printed at the foot of the Bureau's bulletins, and the staff names and
// logins in every workbook's file properties (author, last saved by). A release must carry none of
// them in any byte, compressed or not, nor in the text of any PDF.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as XLSX from '@e965/xlsx';
import * as cptable from '@e965/xlsx/dist/cpexcel.full.mjs';
import { releasedTexts } from './released-files.js';

// the legacy BIFF files keep their properties in code page 1251: without the table the names are mojibake
XLSX.set_cptable(cptable);

/** Where the notes say a bulletin prints its authors: file, sheet, first and last row (1-based). */
export const PERSONAL_ROWS: readonly [string, string, number, number][] = [
  ['bns-more/population_by_region_district_sex_urban_rural_2023-01-01.xlsx', '03', 512, 516],
  ['bns-dynamic/labour_productivity_by_region_by_activity_2024_9m.xlsx', '4', 27, 31],
  ['bns-2026/income_differentiation_low_income_population_by_region_2024q4.xlsx', '16', 65, 69],
  ['bns-2026/tourism_satellite_account_2022.xlsx', '10 d', 19, 23],
  ['bns-2026/water_supply_sewerage_by_region_2022.xls', '11.2', 25, 29],
  ['bns-2026/innovation_activity_of_enterprises_by_region_2022_kk.xls', '22', 26, 30],
];

/** Folders of workbooks whose file properties name Bureau staff. */
const WORKBOOK_FOLDERS = ['bns', 'bns-extra', 'bns-more', 'bns-dynamic', 'bns-2026'];
// property values that name software or a company, not a person
const NOT_A_PERSON =
  /^(microsoft corporation|microsoft office user|hewlett-packard company|user|admin|администратор|пользователь|windows user)$/iu;

const UPPER = 'A-ZА-ЯЁӘҒҚҢӨҰҮҺІ';
const LOWER = 'a-zа-яёәғқңөұүһі';
// a surname next to an initial: "Tastan N.", "A.Makshayeva", "Айгозина Г.К.", "Орынд. Е. Көпес"
const AFTER_INITIAL = new RegExp(
  `(?:^|[^${UPPER}${LOWER}])[${UPPER}]\\.\\s?([${UPPER}][${LOWER}]{3,})`,
  'gu',
);
const BEFORE_INITIAL = new RegExp(`([${UPPER}][${LOWER}]{3,})\\s[${UPPER}]\\.`, 'gu');
const EMAIL = /[\w.]+@[\w.]+\w/gu;
// "+7 7172 74 95 37", "Тел. +7 7172 749280": the subscriber's six digits
const PHONE = /\+7\s?\d{4}\s?(\d{2}\s?\d{2}\s?\d{2})/gu;

export interface PersonalToken {
  token: string;
  /** Where the token was read: file, and sheet or property. */
  from: string;
}

/** Every name, phone number and e-mail of the bulletins' author rows. */
export function printedTokens(snapshots: string): PersonalToken[] {
  const out: PersonalToken[] = [];
  for (const [file, sheet, first, last] of PERSONAL_ROWS) {
    const ws = XLSX.read(readFileSync(join(snapshots, file))).Sheets[sheet];
    if (!ws?.['!ref']) throw new Error(`${file}: no sheet "${sheet}"`);
    const range = XLSX.utils.decode_range(ws['!ref']);
    for (let r = first - 1; r <= last - 1; r++)
      for (let c = 0; c <= range.e.c; c++) {
        const x = ws[XLSX.utils.encode_cell({ r, c })];
        if (x === undefined) continue;
        const from = `${file}, sheet "${sheet}", cell ${XLSX.utils.encode_cell({ r, c })}`;
        for (const t of tokensIn(String(x.v))) out.push({ token: t, from });
      }
  }
  return out;
}

export function tokensIn(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(EMAIL)) {
    found.add(m[0]);
    found.add(m[0].split('@')[0]!);
  }
  for (const m of text.matchAll(PHONE)) {
    found.add(m[1]!);
    found.add(m[1]!.replace(/\s/gu, ''));
  }
  for (const re of [AFTER_INITIAL, BEFORE_INITIAL])
    for (const m of text.matchAll(re)) found.add(m[1]!);
  return [...found];
}

/** The staff names and logins in the author and last-saved-by properties of every staged workbook. */
export function metadataTokens(snapshots: string): PersonalToken[] {
  const out: PersonalToken[] = [];
  for (const folder of WORKBOOK_FOLDERS)
    for (const name of readdirSync(join(snapshots, folder))) {
      if (!/\.xlsx?$/u.test(name)) continue;
      const props =
        XLSX.read(readFileSync(join(snapshots, folder, name)), { bookProps: true }).Props ?? {};
      for (const key of ['Author', 'LastAuthor'] as const) {
        const value = props[key]?.trim();
        if (!value || NOT_A_PERSON.test(value)) continue;
        const from = `${folder}/${name}, file property ${key}`;
        out.push({ token: value, from });
        // "zh.suleymenova" -> "suleymenova"; "Айжан Макшаева" -> each name
        for (const part of value.split(/[\s.]+/u))
          if (part.length >= 4) out.push({ token: part, from });
      }
    }
  return out;
}

/** Where the SDG platform's notes (kazstat-sdg NOTES.md, "Personal data") point. */
export const SDG_PAGES = ['en', 'ru', 'kk'].map((l) => `kazstat-sdg/translations/${l}/pages.yml`);
export const SDG_DOCX = ['kazstat-sdg/meta/2.3.1.docx', 'kazstat-sdg/meta/ru/2.3.1.docx'];

/**
 * The staff e-mails of the SDG platform's feedback page (pages.yml in each language: each address,
 * its login and the surname in it) and the creator and last editor in the properties of its two
 * Word files (docProps/core.xml, read from the zip with SheetJS's container reader).
 */
export function sdgPlatformTokens(snapshots: string): PersonalToken[] {
  const out: PersonalToken[] = [];
  for (const file of SDG_PAGES)
    for (const m of readFileSync(join(snapshots, file), 'utf8').matchAll(EMAIL)) {
      const login = m[0].split('@')[0]!;
      for (const token of [m[0], login, ...login.split('.').filter((p) => p.length >= 4)])
        out.push({ token, from: `${file}, e-mail` });
    }
  for (const file of SDG_DOCX) {
    const zip = XLSX.CFB.read(readFileSync(join(snapshots, file)), { type: 'buffer' });
    const core =
      zip.FileIndex[zip.FullPaths.findIndex((p: string) => p.endsWith('/docProps/core.xml'))];
    if (!core) throw new Error(`${file}: no docProps/core.xml`);
    const xml = Buffer.from(core.content as Uint8Array).toString('utf8');
    for (const tag of ['dc:creator', 'cp:lastModifiedBy']) {
      const value = new RegExp(`<${tag}>([^<]+)</${tag}>`, 'u').exec(xml)?.[1]?.trim();
      if (!value || NOT_A_PERSON.test(value)) continue;
      const from = `${file}, ${tag}`;
      out.push({ token: value, from });
      for (const part of value.split(/[\s.]+/u))
        if (part.length >= 4) out.push({ token: part, from });
    }
  }
  return out;
}

const escaped = (token: string) => token.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');

/**
 * A token standing alone at the index the regular expression's lastIndex names: not inside a longer
 * word or number (the six digits of a phone number occur inside coordinates such as 76.749537 and
 * before the decimals of a mean such as 749056.2, a first name inside a longer word).
 */
const wholeTokenAt = (token: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}.])${escaped(token)}(?![\\p{L}\\p{N}]|\\.\\p{N})`, 'uy');

/**
 * A finder of `tokens` standing alone in a text: each token it finds in `text`, once. One pass over a
 * text finds every index where some token begins (one expression of them all, resumed one character
 * after each match, so that overlapping tokens are found too); only there is each token beginning
 * with that character tested alone. A pass per token (380 of them) over the store's 500 million
 * characters took two minutes.
 */
export function tokenFinder(tokens: readonly PersonalToken[]): (text: string) => PersonalToken[] {
  const anyToken = new RegExp([...new Set(tokens.map((t) => escaped(t.token)))].join('|'), 'g');
  const byFirst = new Map<string, { token: PersonalToken; alone: RegExp }[]>();
  for (const token of tokens) {
    const list =
      byFirst.get(token.token[0]!) ?? byFirst.set(token.token[0]!, []).get(token.token[0]!)!;
    list.push({ token, alone: wholeTokenAt(token.token) });
  }
  return (text) => {
    const found = new Set<PersonalToken>();
    anyToken.lastIndex = 0;
    for (let m = anyToken.exec(text); m; m = anyToken.exec(text)) {
      for (const { token, alone } of byFirst.get(text[m.index]!)!) {
        alone.lastIndex = m.index;
        if (!found.has(token) && alone.test(text)) found.add(token);
      }
      anyToken.lastIndex = m.index + 1;
    }
    return tokens.filter((t) => found.has(t));
  };
}

/** Each file of the tree (decompressed, a PDF also as its text) with the tokens it carries. */
export async function findTokens(
  dir: string,
  tokens: readonly PersonalToken[],
): Promise<{ scanned: number; hits: string[] }> {
  const hits: string[] = [];
  let scanned = 0;
  const find = tokenFinder(tokens);
  for await (const { path, text } of releasedTexts(dir)) {
    for (const t of find(text)) hits.push(`${path} contains "${t.token}" (${t.from})`);
    scanned++;
  }
  return { scanned, hits };
}
