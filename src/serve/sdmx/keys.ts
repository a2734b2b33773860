// The identifying parts of a data query (SDMX 2.1 RESTful web services, "Data queries"):
// flowRef (FLOW, AGENCY,FLOW or AGENCY,FLOW,VERSION), the key (one position per dimension, in the
// data structure's order, separated by "."; codes joined by "+"; an empty position is every code;
// `all` or an empty key is every series) and providerRef (PROVIDER or AGENCY,PROVIDER).
import { SdmxError } from './errors.js';
import { AGENCY, VERSION, type Dataflow, type SdmxStructures } from './structures.js';

const ID = /^[A-Za-z0-9_@$-]+$/;

/** The dataflow a flowRef names; 400 (SDMX 140) when malformed, 404 (100) when none matches. */
export function resolveFlow(structures: SdmxStructures, flowRef: string): Dataflow {
  const parts = flowRef.split(',');
  if (parts.length > 3 || parts.some((p) => !/^[A-Za-z0-9_@$.\-]+$/.test(p))) {
    throw new SdmxError(
      'invalid_path',
      `flowRef "${flowRef}" is not FLOW, AGENCY,FLOW or AGENCY,FLOW,VERSION`,
    );
  }
  const [agency, id, version] =
    parts.length === 1
      ? [AGENCY, parts[0]!, 'latest']
      : [parts[0]!, parts[1]!, parts[2] ?? 'latest'];
  const flow = structures.dataflowById.get(id);
  // keywords in any case: clients send both LATEST and latest
  const versionMatches =
    ['latest', 'all', '*'].includes(version.toLowerCase()) || version === VERSION;
  if (!flow || (agency !== AGENCY && agency.toLowerCase() !== 'all') || !versionMatches) {
    throw new SdmxError(
      'no_results',
      `no dataflow ${agency},${id},${version}; the dataflows are listed at /sdmx/2.1/dataflow/${AGENCY}`,
    );
  }
  return flow;
}

/** Per dimension of the flow (in order), the codes the key selects, or null for every code. */
export type KeySelection = readonly (readonly string[] | null)[];

export function parseKey(flow: Dataflow, key: string | undefined): KeySelection {
  const dims = flow.structure.dimensions;
  if (key === undefined || key === '' || key.toLowerCase() === 'all') return dims.map(() => null);
  const positions = key.split('.');
  if (positions.length !== dims.length) {
    throw new SdmxError(
      'invalid_path',
      `key "${key}" has ${positions.length} position(s); dataflow ${flow.id} has ${dims.length} dimensions: ${dims.map((d) => d.id).join('.')}`,
    );
  }
  return positions.map((p, i) => {
    if (p === '') return null;
    const codes = p.split('+');
    if (codes.some((c) => !ID.test(c)))
      throw new SdmxError(
        'invalid_path',
        `key position ${i + 1} (${dims[i]!.id}) "${p}" is not codes joined by "+"`,
      );
    return [...new Set(codes)];
  });
}

/** Dala is the only data provider; any other provider has no data. */
export function checkProvider(providerRef: string | undefined): void {
  if (providerRef === undefined || providerRef.toLowerCase() === 'all') return;
  const parts = providerRef.split(',');
  if (parts.length > 2 || parts.some((p) => !ID.test(p)))
    throw new SdmxError(
      'invalid_path',
      `providerRef "${providerRef}" is not PROVIDER or AGENCY,PROVIDER`,
    );
  const provider = parts[parts.length - 1];
  if (provider !== AGENCY && provider!.toLowerCase() !== 'all')
    throw new SdmxError(
      'no_results',
      `no data provider "${providerRef}": data are provided by ${AGENCY}`,
    );
}

/** The dataflow and key a data or availability path names, its provider checked. */
export function queriedFlow(
  structures: SdmxStructures,
  params: { flowRef: string; key?: string; providerRef?: string },
): { flow: Dataflow; key: KeySelection } {
  const flow = resolveFlow(structures, params.flowRef);
  const key = parseKey(flow, params.key);
  checkProvider(params.providerRef);
  return { flow, key };
}
