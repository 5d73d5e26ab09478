// The queue shows one card per reported thing: a listing reported by three members is one case
// with three reporters, not three rows. Reports arrive a page at a time (oldest first for open
// ones); grouping keeps the order in which each target first appears.
import type { AdminReport, TargetSnapshot } from '@/shared/contract/moderation';

export interface ReportGroup {
  key: string;
  /** The reports on this target among those loaded, in the order they arrived. */
  reports: AdminReport[];
  /** The first of them (the oldest in the open queue): its id is the one an action resolves. */
  first: AdminReport;
  /** The most recent state the server gave of the target and its member. */
  latest: AdminReport;
}

export const groupKey = (report: Pick<AdminReport, 'targetType' | 'targetId'>) =>
  `${report.targetType}:${report.targetId}`;

export function groupReports(reports: AdminReport[]): ReportGroup[] {
  const groups = new Map<string, AdminReport[]>();
  const seen = new Set<number>();
  for (const report of reports) {
    if (seen.has(report.id)) continue;
    seen.add(report.id);
    const key = groupKey(report);
    const list = groups.get(key);
    if (list) list.push(report);
    else groups.set(key, [report]);
  }
  return [...groups].map(([key, list]) => ({ key, reports: list, first: list[0]!, latest: list[list.length - 1]! }));
}

/** Whether the target now differs from what was reported (edited since, or deleted). */
export const changedSince = (snapshot: TargetSnapshot, current: TargetSnapshot | null) =>
  current === null ||
  current.text !== snapshot.text ||
  current.label !== snapshot.label ||
  current.imageUrl !== snapshot.imageUrl;
