// Checks a CSV against its Data Package 2.0 Table Schema, every row: header = fields, types, required,
// enum, missing values, primary-key uniqueness. Hand-written because the JavaScript Table Schema
// libraries on npm (tableschema, frictionless-js) implement the 1.0 specification and are unmaintained;
// the rules below are the 2.0 text's (https://datapackage.org/standard/table-schema/).
import { parse } from 'csv-parse/sync';

export interface Field {
  name: string;
  type: string;
  constraints?: { required?: boolean; enum?: string[] };
}
export interface TableSchema {
  fields: Field[];
  missingValues?: string[];
  primaryKey?: string[];
  foreignKeys?: { fields: string[]; reference: { resource: string; fields: string[] } }[];
}

const TYPE_RULES: Record<string, (v: string) => boolean> = {
  string: () => true,
  // Table Schema number: a decimal with optional exponent, or NaN / INF / -INF
  number: (v) =>
    /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(v) || ['NaN', 'INF', '-INF'].includes(v),
  integer: (v) => /^[+-]?\d+$/.test(v),
  boolean: (v) => ['true', 'True', 'TRUE', '1', 'false', 'False', 'FALSE', '0'].includes(v),
  date: (v) =>
    /^\d{4}-\d{2}-\d{2}$/.test(v) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
};

/** Rows as objects (missing values as null); throws naming row and field at the first mismatch. */
export function checkCsv(
  name: string,
  bytes: Buffer,
  schema: TableSchema,
): Record<string, string | null>[] {
  const rows = parse(bytes, { bom: true }) as string[][];
  const header = rows[0] ?? [];
  const names = schema.fields.map((f) => f.name);
  if (JSON.stringify(header) !== JSON.stringify(names))
    throw new Error(
      `${name}: header ${header.join(',')} is not the schema's fields ${names.join(',')}`,
    );
  const missing = new Set(schema.missingValues ?? ['']);
  const keys = new Set<string>();
  return rows.slice(1).map((row, i) => {
    const line = i + 2;
    if (row.length !== names.length)
      throw new Error(`${name} row ${line}: ${row.length} cells, ${names.length} fields`);
    const out: Record<string, string | null> = {};
    schema.fields.forEach((f, j) => {
      const raw = row[j]!;
      const value = missing.has(raw) ? null : raw;
      if (value === null && f.constraints?.required)
        throw new Error(`${name} row ${line} field ${f.name}: required but missing`);
      const rule = TYPE_RULES[f.type];
      if (!rule)
        throw new Error(
          `${name}: field ${f.name} has type ${f.type}, which this check does not know`,
        );
      if (value !== null && !rule(value))
        throw new Error(
          `${name} row ${line} field ${f.name}: ${JSON.stringify(value)} is not a ${f.type}`,
        );
      if (value !== null && f.constraints?.enum && !f.constraints.enum.includes(value))
        throw new Error(
          `${name} row ${line} field ${f.name}: ${JSON.stringify(value)} not in ${f.constraints.enum.join(', ')}`,
        );
      out[f.name] = value;
    });
    if (schema.primaryKey) {
      const key = JSON.stringify(schema.primaryKey.map((k) => out[k]));
      if (keys.has(key))
        throw new Error(
          `${name} row ${line}: primary key ${schema.primaryKey.join(', ')} = ${key} repeats`,
        );
      keys.add(key);
    }
    return out;
  });
}
