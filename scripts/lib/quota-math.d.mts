// Types of scripts/lib/quota-math.mjs for the TypeScript that imports it (its test).
export type Counts = Record<string, number>;
export interface ResourceRow {
  field: string;
  label: string;
  perMemberDay: number;
  fixedPerDay: number;
  limit: number | null;
  membersThatFit: number | null;
}
export const FIELDS: string[];
export const LIMITS: Record<string, { label: string; limit: number | null }>;
export function zero(): Counts;
export function add(into: Counts, from: Counts | undefined, times?: number): Counts;
export function minus(a: Counts, b: Counts): Counts;
export function billedDoRequests(counts: Counts): number;
export function usageOf(counts: Counts, field: string): number;
export function capacity(perMemberDay: Counts, fixedPerDay: Counts): { resources: ResourceRow[]; binding: ResourceRow };
export function withMediaDomain(perMemberDay: Counts, photoCountsPerMemberDay: Counts): Counts;
export function kvActionsPerDay(perAction: Counts, otherPerDay: Counts): { perDay: number; binding: string | null };
export function d1ActionsPerDay(perAction: Counts, fixedPerDay: Counts): number;
export function requestKind(method: string, url: string): string;
export function isPhotoLoad(url: string): boolean;
