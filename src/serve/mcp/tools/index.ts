// Every tool of the MCP server, in the order they are listed (the order a model reads them in):
// finding ids first, then values, then what changed.
import type { Tool } from '../tool.js';
import { changesTool } from './changes.js';
import { comparePlacesTool } from './compare.js';
import { describeIndicatorTool } from './indicator.js';
import { getObservationsTool } from './observations.js';
import { searchTool } from './search.js';
import { seriesTool, snapshotTool } from './time-machine.js';

export const TOOLS: readonly Tool[] = [
  searchTool,
  describeIndicatorTool,
  getObservationsTool,
  comparePlacesTool,
  snapshotTool,
  seriesTool,
  changesTool,
];
