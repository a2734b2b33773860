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

/** baseIRI: the URL the document was fetched from, which its relative IRIs resolve against (RFC 3986 section 5.1.3). */
export function parseTurtle(text: string, baseIRI?: string): Quad[] {
  return new Parser({ format: 'Turtle', ...(baseIRI ? { baseIRI } : {}) }).parse(text);
}

/** RDF/XML parsed by rdfxml-streaming-parser into quads. */
export async function parseRdfXml(text: string, baseIRI?: string): Promise<Quad[]> {
  const parser = new RdfXmlParser(baseIRI ? { baseIRI } : {});
  const quads: Quad[] = [];
  return new Promise((resolve, reject) => {
    parser.on('data', (q: Quad) => quads.push(q));
    parser.on('error', reject);
    parser.on('end', () => resolve(quads));
    parser.write(text);
    parser.end();
  });
}

export async function parseJsonLd(doc: object, base?: string): Promise<Quad[]> {
  const nquads = (await jsonld.toRDF(doc as jsonld.JsonLdDocument, {
    format: 'application/n-quads',
    ...(base ? { base } : {}),
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
