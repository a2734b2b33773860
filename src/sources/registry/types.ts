// What the registry is once loaded (load.ts): its declarations, tables, indicators, sources, layers
// and topics, in the order every list of the release follows.
import type { Indicator } from '../records.js';
import type { Reader } from './reader-schemas.js';
import type {
  DatasetDeclaration,
  LayerRow,
  ReferenceDataset,
  SourceDeclaration,
  TopicsTable,
} from './schema.js';

/** A table as the build reads it: its source, its snapshot files, its reader and its indicators. */
export interface LoadedTable {
  /** The file that declares it (sources/...). */
  file: string;
  dataset: string;
  source: SourceDeclaration;
  snapshots: string[];
  reader: Reader;
  indicators: Indicator[];
}

export interface Registry {
  /** The dataset declarations, in file order. */
  datasets: (Omit<DatasetDeclaration, 'tables'> & { file: string })[];
  references: ReferenceDataset[];
  /** Every table of every declaration (and the counts Dala makes itself), in order. */
  tables: LoadedTable[];
  /** The indicators of every table, in order. */
  indicators: Indicator[];
  /** The tables' sources, then the reference sources. */
  sources: (SourceDeclaration & { snapshots: string[] })[];
  layers: LayerRow[];
  topics: TopicsTable;
  /** The files of sources/ the registry was read from. */
  files: string[];
}

