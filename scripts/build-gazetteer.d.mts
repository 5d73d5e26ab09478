// Types of scripts/build-gazetteer.mjs for the TypeScript that imports it (configs, tests, benchmark).
export interface PlaceRow {
  id: number;
  name: string;
  searchName: string;
  region: string | null;
  country: string;
  latitude: number;
  longitude: number;
  population: number;
}
export interface GazetteerIndexFile {
  version: number;
  maxShardBytes: number;
  topRows: number;
  places: number;
  groups: Record<string, string[]>;
  countries: Record<string, string>;
  source?: string;
}
export interface GazetteerStats {
  places: number;
  shards: number;
  nodes: number;
  leaves: number;
  totalBytes: number;
  indexBytes: number;
  largestShardBytes: number;
  medianShardBytes: number;
}
export const GAZETTEER_FORMAT: number;
export const DEFAULT_DIR: string;
export const MAX_SHARD_BYTES: number;
export const TOP_ROWS: number;
export function foldPlaceName(text: string): string;
export function shardFileName(key: string): string;
export function readPlaces(options?: { minPopulation?: number }): PlaceRow[];
export function countryNames(): Record<string, string>;
export function buildShards(
  rows: PlaceRow[],
  options?: { maxShardBytes?: number; topRows?: number },
): { index: GazetteerIndexFile; files: Map<string, string> };
export function gazetteerStats(index: GazetteerIndexFile, files: Map<string, string>): GazetteerStats;
export function writeGazetteer(options?: { dir?: string; force?: boolean }): {
  written: boolean;
  stats: GazetteerStats | null;
};
export function readGazetteer(dir?: string): { index: GazetteerIndexFile; files: Map<string, string> };
