// Every tool of the MCP server, in the order they are listed (the order a model reads them in):
// finding ids first (by name, then by topic), then values, then what changed.
import type { Tool } from '../tool.js';
import { changesTool } from './changes.js';
import { comparePlacesTool } from './compare.js';
import { describeIndicatorTool } from './indicator.js';
import { getObservationsTool } from './observations.js';
import { searchTool } from './search.js';
import { seriesTool, snapshotTool } from './time-machine.js';
import { listTopicsTool } from './topics.js';

export const TOOLS: readonly Tool[] = [
  searchTool,
  listTopicsTool,
  describeIndicatorTool,
  getObservationsTool,
  comparePlacesTool,
  snapshotTool,
  seriesTool,
  changesTool,
];
