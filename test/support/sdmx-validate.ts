// Validates SDMX-ML messages with xmllint against the SDMX-ML 2.1 schemas staged in
// ../shared/reference/sdmx-ml-2.1 (a structure-specific message also against the schema the
// service derives for its dataflow, saved beside a copy of the SDMX schemas it imports by name).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { cpSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { snapshotsDir } from '../../src/lib/config.js';
import { tempDir } from './temp-dir.js';

// the reference folder sits beside the snapshots (../shared/ of the project, or where DALA_SNAPSHOTS points)
export const SDMX_SCHEMAS = join(snapshotsDir(), '..', 'reference', 'sdmx-ml-2.1', 'schemas');
const MESSAGE_NS = 'http://www.sdmx.org/resources/sdmxml/schemas/v2_1/message';

let dir: string | null = null;
let count = 0;
function schemasCopy(): string {
  if (!dir) {
    dir = tempDir('dala-sdmx-xsd-');
    cpSync(SDMX_SCHEMAS, dir, { recursive: true });
  }
  return dir;
}

/** xmllint's verdict: '' when the message validates, else its complaints. */
// Asynchronous: the server under test answers in the same process and must not be blocked meanwhile.
export async function xmllint(
  message: string,
  derived?: { namespace: string; schema: string },
): Promise<string> {
  const d = schemasCopy();
  const n = ++count;
  const file = join(d, `message-${n}.xml`);
  writeFileSync(file, message);
  let schema = join(d, 'SDMXMessage.xsd');
  if (derived) {
    writeFileSync(join(d, `derived-${n}.xsd`), derived.schema);
    schema = join(d, `driver-${n}.xsd`);
    writeFileSync(
      schema,
      `<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"><xs:import namespace="${MESSAGE_NS}" schemaLocation="SDMXMessage.xsd"/><xs:import namespace="${derived.namespace}" schemaLocation="derived-${n}.xsd"/></xs:schema>`,
    );
  }
  try {
    await promisify(execFile)('xmllint', ['--noout', '--nonet', '--schema', schema, file]);
    return '';
  } catch (err) {
    return String((err as { stderr?: string }).stderr ?? err).slice(0, 2000);
  }
}
