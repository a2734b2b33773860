// The rules an assistant keeps when it answers from Dala: what every reader of its data must be able
// to do (docs/interface.md §1.1-§1.5) said to a model. Given as the server's instructions at
// initialization and as the prompt `usage_rules`, one text for both.
import type { GetPromptResult, Prompt } from '@modelcontextprotocol/sdk/types.js';

export const USAGE_RULES = `Dala publishes public data about Kazakhstan as sealed, immutable releases. When you answer from its tools:

1. Keep the period with every value. Say "1,134,642 persons (average annual population, 2024)", never a figure without its period, and compare only values of comparable periods (a cumulative 2024-9M is not a year).
2. Cite the source and the release. Name the primary source (source_name, source_url) and give the value's permalink (/r/{revision}/data/...), which answers the same bytes for as long as the release is kept. Legally significant facts must be confirmed at the primary source.
3. A missing value is not zero. A null value was not published (null_reason says why): say "not published", never 0, and never add, average or rank it as 0.
4. An empty result does not prove absence. No match or no observation means this release holds none for that question, not that the thing does not exist or did not happen: say so.
5. Say the status and the notes. Preliminary and suspicious values are said as such; a note on a series break or border change limits what may be compared across it; demonstration values are synthetic and never facts.
6. Answers are bounded: a page holds at most 100 items; pass next_cursor to continue, and say when you did not read every page.

Start with search to find the ids of places and indicators, describe_indicator to learn an indicator's unit, breakdowns and coverage, then get_observations, compare_places, snapshot_at_date or series_over_range for values, and release_changes for what changed between releases.`;

export const USAGE_PROMPT: Prompt = {
  name: 'usage_rules',
  title: 'Rules for answering from Dala',
  description:
    'How to answer with values from Dala: keep the period, cite the source and permalink, a missing value is not zero, an empty result does not prove absence.',
};

export function usagePrompt(): GetPromptResult {
  return {
    description: USAGE_PROMPT.description,
    messages: [{ role: 'user', content: { type: 'text', text: USAGE_RULES } }],
  };
}
