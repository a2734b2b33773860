// A fault found in a hand-written table, named by file, row and field, and the error that stops a
// load carrying every fault found (the schema pass in hand-tables.ts, the cross-checks in
// hand-table-checks.ts). Kept apart from both so neither imports the other's types.

/** One fault. `row` is the 0-based index in the file's row array, null for file-level faults. */
export interface TableIssue {
  file: string;
  row: number | null;
  field: string;
  message: string;
}

export function formatIssue(issue: TableIssue): string {
  const row = issue.row === null ? '' : ` row ${issue.row}`;
  return `${issue.file}${row} field ${issue.field}: ${issue.message}`;
}

export class HandTableError extends Error {
  constructor(readonly issues: TableIssue[]) {
    super(issues.map(formatIssue).join('\n'));
    this.name = 'HandTableError';
  }
}
