// When a release is built: SOURCE_DATE_EPOCH when given, otherwise the day the newest snapshot it
// reads was retrieved. A release states its build date beside each input's retrieval date
// (provenance.json), so a build dated before one of its inputs was retrieved is refused.
import type { SourcePassport } from '../sources/passport-schema.js';

export function buildTimeOf(passports: readonly SourcePassport[], given: Date | undefined): Date {
  const newest = passports.reduce<SourcePassport | null>(
    (n, p) => (n === null || p.retrieved > n.retrieved ? p : n),
    null,
  );
  if (given === undefined) {
    if (newest === null)
      throw new Error('no snapshot passport, so no build date: set SOURCE_DATE_EPOCH');
    return new Date(`${newest.retrieved}T00:00:00Z`);
  }
  const day = given.toISOString().slice(0, 10);
  const late = passports.find((p) => p.retrieved > day);
  if (late !== undefined)
    throw new Error(
      `sources/passports.json: snapshot ${late.path} (${late.id}) was retrieved on ${late.retrieved}, after the build date ${day} (SOURCE_DATE_EPOCH): a release cannot be built before its inputs were retrieved`,
    );
  return given;
}
