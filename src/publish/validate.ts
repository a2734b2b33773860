// Validates every JSON artifact against its JSON Schema before sealing; the first violation
// fails the build, naming the file, the schema and the JSON pointer.
import { makeAjv, type ValidateFunction } from '../lib/ajv.js';

export class SchemaViolation extends Error {
  constructor(
    readonly file: string,
    readonly schema: string,
    readonly pointer: string,
    detail: string,
  ) {
    super(`${file}: violates schema ${schema} at ${pointer || '/'}: ${detail}`);
    this.name = 'SchemaViolation';
  }
}

export class ContractValidator {
  private readonly ajv = makeAjv({ dialect: '2020-12', formats: true });
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(readonly schemas: Record<string, object>) {
    for (const [name, schema] of Object.entries(schemas))
      this.compiled.set(name, this.ajv.compile(schema));
  }

  validate(file: string, schemaName: string, value: unknown): void {
    const fn = this.compiled.get(schemaName);
    if (!fn) throw new SchemaViolation(file, schemaName, '', 'no such schema is registered');
    if (!fn(value)) {
      const e = fn.errors?.[0];
      throw new SchemaViolation(
        file,
        schemaName,
        e?.instancePath ?? '',
        `${e?.message ?? 'invalid'} ${e ? JSON.stringify(e.params) : ''}`,
      );
    }
  }
}
