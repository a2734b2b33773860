// Minimal typings for the two untyped dependencies this folder uses (no @types packages are installed).

declare module 'shapefile' {
  import type { FeatureCollection } from 'geojson';
  export interface ReadOptions {
    /** dBASE character encoding (defaults to windows-1252 in the library). */
    encoding?: string;
    highWaterMark?: number;
  }
  export function read(
    shp: string,
    dbf?: string,
    options?: ReadOptions,
  ): Promise<FeatureCollection>;
}

declare module 'mapshaper' {
  /** Runs mapshaper commands on in-memory input; resolves to the -o outputs keyed by file name. */
  export function applyCommands(
    commands: string,
    input?: Record<string, unknown>,
  ): Promise<Record<string, string | Uint8Array>>;
  const mapshaper: { applyCommands: typeof applyCommands };
  export default mapshaper;
}
