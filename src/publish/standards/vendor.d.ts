// Minimal typings for the untyped RDF/XML writer this folder uses (no @types packages exist).

declare module '@graphy/core.data.factory' {
  const factory: {
    namedNode(iri: string): unknown;
    blankNode(label: string): unknown;
    literal(value: string, languageOrDatatype: unknown): unknown;
    quad(subject: unknown, predicate: unknown, object: unknown): unknown;
  };
  export default factory;
}

declare module '@graphy/content.xml.scribe' {
  import type { Transform } from 'node:stream';
  export default function scribe(config: { prefixes: Record<string, string> }): Transform;
}
