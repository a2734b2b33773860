// RDF for the catalogue tests: parse Turtle (n3) and JSON-LD (jsonld.js) into datasets, and validate
// a graph with a SHACL engine (rdf-validate-shacl) against the DCAT-AP 3.0.0 shapes of shared/reference.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import jsonld from 'jsonld';
import { Parser, type Quad } from 'n3';
import { RdfXmlParser } from 'rdfxml-streaming-parser';
import rdf from '@zazuko/env-node';
import SHACLValidator from 'rdf-validate-shacl';
import { PROJECT_ROOT } from '../../src/lib/config.js';

export const DCAT_AP_DIR = join(PROJECT_ROOT, '../shared/reference/dcat-ap-3.0.0');
const REFERENCE = ['/work/shared/reference/dcat-ap-3.0.0', DCAT_AP_DIR];

export function parseTurtle(text: string): Quad[] {
  return new Parser({ format: 'Turtle' }).parse(text);
}

/** RDF/XML parsed by rdfxml-streaming-parser into quads. */
export async function parseRdfXml(text: string): Promise<Quad[]> {
  const parser = new RdfXmlParser();
  const quads: Quad[] = [];
  return new Promise((resolve, reject) => {
    parser.on('data', (q: Quad) => quads.push(q));
    parser.on('error', reject);
    parser.on('end', () => resolve(quads));
    parser.write(text);
    parser.end();
  });
}

export async function parseJsonLd(doc: object): Promise<Quad[]> {
  const nquads = (await jsonld.toRDF(doc as jsonld.JsonLdDocument, {
    format: 'application/n-quads',
  })) as unknown as string;
  return new Parser({ format: 'N-Quads' }).parse(nquads);
}

function shapeFile(name: string): string {
  for (const dir of REFERENCE) {
    try {
      return readFileSync(join(dir, name), 'utf8');
    } catch {
      // try the next location
    }
  }
  throw new Error(`DCAT-AP reference ${name} not found in ${REFERENCE.join(' or ')}`);
}

export interface ShaclResult {
  conforms: boolean;
  violations: { focus: string; path: string; message: string; severity: string }[];
}

/**
 * Validates the graph against shapes.ttl + range.ttl (the bar the DCAT-AP reference README sets), or
 * against the shapes files named (shapes_recommended.ttl: the recommended properties).
 */
export async function validateDcatAp(quads: Quad[], ...files: string[]): Promise<ShaclResult> {
  const shapes = rdf.dataset(
    (files.length ? files : ['shapes.ttl', 'range.ttl']).flatMap((f) =>
      parseTurtle(shapeFile(f)),
    ) as never,
  );
  const report = await new SHACLValidator(shapes, { factory: rdf }).validate(
    rdf.dataset(quads as never),
  );
  return {
    conforms: report.conforms,
    violations: report.results.map((r) => ({
      focus: r.focusNode?.value ?? '',
      path: r.path?.value ?? '',
      message: r.message.map((m) => m.value).join('; '),
      severity: r.severity?.value ?? '',
    })),
  };
}
