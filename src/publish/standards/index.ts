// The release described in the vocabularies of open-data portals and data tools: a DCAT-AP 3.0
// catalogue (JSON-LD, Turtle and RDF/XML) and a Frictionless Data Package. Runs after every other publisher,
// since both list the files the others wrote.
import { stableJson } from '../../lib/canonical-json.js';
import type { Model } from '../../model/model.js';
import type { Artifact } from '../artifact.js';
import { dataPackage } from './datapackage.js';
import { dcatCatalog } from './dcat-catalog.js';
import { toRdfXml } from './rdfxml.js';
import { toTurtle } from './turtle.js';
import { DCAT_CONTEXT } from './vocabularies.js';

// These files follow external specifications, validated in the tests against the specifications'
// own SHACL shapes and JSON Schemas (shared/reference/), so they are written as bytes, not as
// contracts of src/publish/schemas.
export async function standardArtifacts(
  model: Model,
  others: Artifact[],
  publicUrl: string | undefined,
): Promise<Artifact[]> {
  const catalog = dcatCatalog(model, others, publicUrl ?? '');
  return [
    { path: 'dcat-catalog.jsonld', bytes: Buffer.from(stableJson(catalog)) },
    { path: 'dcat-catalog.ttl', bytes: await toTurtle(catalog, DCAT_CONTEXT) },
    { path: 'dcat-catalog.rdf', bytes: await toRdfXml(catalog, DCAT_CONTEXT) },
    {
      path: 'datapackage.json',
      bytes: Buffer.from(stableJson(dataPackage(model, others, publicUrl))),
    },
  ];
}
