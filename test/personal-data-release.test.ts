// No byte of the real release carries the personal data the snapshot notes point to: the names, phone
// numbers and e-mails printed at the foot of the Bureau's bulletins (bns-more, bns-dynamic, bns-2026)
// and the staff names and logins in the workbooks' file properties (the release never copies a
// workbook). The tokens are read from the snapshots (test/support/personal-data.ts), and the scan
// finds each wherever it stands alone in a file, decompressed, or in a PDF's text; release-bytes scans
// every released file with them.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, test } from 'node:test';
import { snapshotsDir } from '../src/lib/config.js';
import {
  findTokens,
  metadataTokens,
  PERSONAL_ROWS,
  printedTokens,
  SDG_DOCX,
  SDG_PAGES,
  sdgPlatformTokens,
} from './support/personal-data.js';
import { tempDir } from './support/temp-dir.js';

const SNAP = snapshotsDir();

describe('personal data in the release', () => {
  test("every bulletin the notes name yields its authors' names, phones and e-mail", () => {
    const tokens = printedTokens(SNAP);
    for (const [file] of PERSONAL_ROWS) {
      const own = tokens.filter((t) => t.from.startsWith(file)).map((t) => t.token);
      assert.ok(
        own.some((t) => t.includes('@')),
        `${file}: an e-mail among ${own.join(', ')}`,
      );
      assert.ok(
        own.some((t) => /^\d{6}$/u.test(t)),
        `${file}: a phone number among ${own.join(', ')}`,
      );
      assert.ok(
        own.some((t) => /^\p{Lu}\p{Ll}{3,}$/u.test(t)),
        `${file}: a name among ${own.join(', ')}`,
      );
    }
    // the labour-productivity bulletin's director, executor and executor's e-mail (sheet "4", rows 27-31)
    for (const t of ['Nakipbekov', 'Tastan', 'n.tastan@aspire.gov.kz', '749537', '749717'])
      assert.ok(
        tokens.some((x) => x.token === t),
        t,
      );
    // each bns-2026 bulletin's director, executor, their phones and the executor's e-mail
    const bulletins: Record<string, string[]> = {
      'bns-2026/water_supply_sewerage_by_region_2022.xls': [
        'Габдурашит',
        'Шауенова',
        'Su.gabdurashit@aspire.gov.kz',
        '749311',
        '749056',
      ],
      'bns-2026/innovation_activity_of_enterprises_by_region_2022_kk.xls': [
        'Имаш',
        'Айгозина',
        'a.imash@aspire.gov.kz',
        '749329',
        '749077',
      ],
      'bns-2026/income_differentiation_low_income_population_by_region_2024q4.xlsx': [
        'Makshayeva',
        'Belonossova',
        'a.makshayeva@aspire.gov.kz',
        '749262',
        '749022',
      ],
      'bns-2026/tourism_satellite_account_2022.xlsx': [
        'Assylkhanov',
        'Nakipbekov',
        'n.asylkhanovv@aspire.gov.kz',
        '749280',
        '749717',
      ],
    };
    for (const [file, own] of Object.entries(bulletins))
      for (const t of own)
        assert.ok(
          tokens.some((x) => x.token === t && x.from.startsWith(file)),
          `${file}: ${t}`,
        );
  });

  test('the file properties of nearly every dynamic table name a member of staff', () => {
    const tokens = metadataTokens(SNAP);
    const files = new Set(
      tokens.filter((t) => t.from.startsWith('bns-dynamic/')).map((t) => t.from.split(',')[0]),
    );
    assert.ok(files.size >= 50, `${files.size} dynamic tables with a staff name or login`);
    // a legacy BIFF file's properties are read in its code page, not as mojibake
    assert.ok(
      tokens.some(
        (t) =>
          /^[А-ЯЁӘҒҚҢӨҰҮҺІ][а-яёәғқңөұүһі]+$/u.test(t.token) &&
          t.from.endsWith('.xls, file property LastAuthor'),
      ),
    );
  });

  test("the SDG platform's feedback e-mails and its Word files' authors are read from the snapshot", () => {
    const tokens = sdgPlatformTokens(SNAP);
    // five staff addresses in en and kk, three of them in ru
    const mails = (file: string) =>
      new Set(
        tokens
          .filter((t) => t.from === `${file}, e-mail` && t.token.includes('@'))
          .map((t) => t.token),
      );
    for (const file of SDG_PAGES)
      assert.ok(mails(file).size >= 3, `${file}: ${mails(file).size} staff e-mails`);
    assert.equal(new Set(SDG_PAGES.flatMap((f) => [...mails(f)])).size, 5);
    for (const file of SDG_DOCX)
      assert.ok(
        tokens.some((t) => t.from === `${file}, dc:creator`) &&
          tokens.some(
            (t) => t.from === `${file}, cp:lastModifiedBy` && /^\p{Lu}\p{Ll}{3,}$/u.test(t.token),
          ),
        `${file}: its creator's login and its last editor's name`,
      );
  });

  test("the scan finds a token in a compressed file and in a PDF's text", async () => {
    const dir = tempDir('dala-personal-');
    writeFileSync(join(dir, 'points.json.gz'), gzipSync('{"note":"Executor: Tastan N."}'));
    writeFileSync(join(dir, 'clean.json'), '{"note":"none"}');
    const { scanned, hits } = await findTokens(dir, [{ token: 'Tastan', from: 'planted' }]);
    assert.equal(scanned, 2);
    assert.deepEqual(hits, [`${join(dir, 'points.json.gz')} contains "Tastan" (planted)`]);
  });

  test('the scan finds each token standing alone, also where another token begins or overlaps, and none inside a longer word or number', async () => {
    const dir = tempDir('dala-personal-');
    // "Asel" stands alone where "Asel.kz" begins too, and "Aselya" does not match; "sel.kz" begins inside "Asel.kz";
    // 749537 inside the coordinate 76.749537, 749056 before the decimals of 749056.2 and "Nur" inside
    // "Nurlan" are not alone; 749262 ending a sentence is
    writeFileSync(join(dir, 'a.json'), '{"x":"76.749537 749056.2 Nurlan Asel.kz, tel 749262."}');
    const tokens = ['Asel.kz', 'Aselya', 'Asel', 'sel.kz', '749537', '749056', '749262', 'Nur'].map(
      (token) => ({
        token,
        from: 'planted',
      }),
    );
    const { hits } = await findTokens(dir, tokens);
    const file = join(dir, 'a.json');
    assert.deepEqual(hits, [
      `${file} contains "Asel.kz" (planted)`,
      `${file} contains "Asel" (planted)`,
      `${file} contains "749262" (planted)`,
    ]);
  });
});
