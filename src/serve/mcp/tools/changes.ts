// release_changes: /api/v1/changes (src/serve/v1/changes.ts, the one diff) between two consecutive
// sealed releases, a page at a time.
import type { FromSchema } from 'json-schema-to-ts';
import type { FromResponse } from '../../interface/schemas.js';
import { releaseChanges } from '../../v1/changes.js';
import { nextCursor, openPageOf } from '../../v1/paging.js';
import { CHANGE_SCHEMA } from '../../v1/response-schemas.js';
import { PAGE_ARGS, PAGE_MEMBERS, PAGE_REQUIRED } from '../schemas.js';
import { tool } from '../tool.js';

const revision = (description: string) =>
  ({ type: 'string', pattern: '^[0-9a-f]{16}$', description }) as const;

const INPUT = {
  type: 'object',
  additionalProperties: false,
  properties: {
    from: revision(
      'The earlier release (16 hex digits); omitted: the one before `to`, or before the latest.',
    ),
    to: revision(
      'The later release, directly after `from`; omitted: the one after `from`, or the latest.',
    ),
    ...PAGE_ARGS,
  },
} as const;

const OUTPUT = {
  type: 'object',
  additionalProperties: false,
  required: [...PAGE_REQUIRED, 'from', 'to', 'changes'],
  properties: {
    ...PAGE_MEMBERS,
    from: { type: ['string', 'null'], description: 'The earlier release compared.' },
    to: { type: ['string', 'null'], description: 'The later release compared.' },
    changes: {
      type: 'array',
      description:
        'Files (by path) and objects (by id: places, indicators, datasets ...) added, removed or modified, by kind then key.',
      items: CHANGE_SCHEMA,
    },
  },
} as const;

export const changesTool = tool<FromSchema<typeof INPUT>, FromResponse<typeof OUTPUT>>({
  name: 'release_changes',
  title: 'What changed between two releases',
  description:
    'What changed from one sealed release to the next: data files added, removed or modified (a modified dataset file means its values changed) and objects (places, indicators, datasets, sources ...) added, removed or modified. Without arguments, the latest release against the one before it. Each answer of the other tools names its release (revision).',
  input: INPUT,
  output: OUTPUT,
  async run(call, args) {
    const page = await openPageOf('mcp:release_changes', () => call.release, call.releases, args);
    const found = await releaseChanges(call.releases, page.release, args.from, args.to);
    const changes = found.changes.slice(page.offset, page.offset + page.limit);
    const next = nextCursor(page, found.changes.length);
    return {
      structured: {
        revision: page.release.revision,
        total: found.changes.length,
        next_cursor: next,
        note: found.note,
        from: found.from,
        to: found.to,
        changes,
      },
      text: [
        `${found.note} ${found.changes.length} change(s)${next ? `, ${changes.length} shown (more: pass next_cursor)` : ''}:`,
        ...changes.map((c) => `- ${c.change} ${c.kind} ${c.key}`),
      ].join('\n'),
    };
  },
});
