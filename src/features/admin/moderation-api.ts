// The moderation queue, its actions and the audit log (docs/api/moderation.md). Each action changes
// the queue, the open count, the audit log and possibly what members see (a hidden listing, a
// suspended member's listings), so it refreshes all of those.
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { AdminReport, AuditEntry, Count } from '@/shared/api-types';
import type { ReinstateInput, ReportResolveInput } from '@/shared/schemas';
import { DASHBOARD_REFRESH_MS } from '@/features/community';
import { fetchAdminPage } from './api';
import { adminKeys, listingKeys, moderationKeys } from '@/lib/query-keys';

export type ReportStatus = AdminReport['status'];

/** The queue: reports of one status, a page at a time (open ones oldest first). */
export const adminReportsQuery = (status: ReportStatus) =>
  infiniteQueryOptions({
    queryKey: moderationKeys.reportList(status),
    queryFn: ({ pageParam }) => fetchAdminPage<AdminReport>('/api/admin/reports', { status }, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });

/**
 * Open reports, for the header's badge and the dashboard's link: refreshed every 30 s like the
 * dashboard's figures (docs/decisions/007-front-end-foundation.md), so new reports show without a
 * reload.
 */
export const openReportCountQuery = queryOptions({
  queryKey: moderationKeys.openCount(),
  queryFn: () => api<Count>('GET', '/api/admin/reports/count'),
  refetchInterval: DASHBOARD_REFRESH_MS,
  staleTime: 0,
});

/** The audit log, newest first; with a member's id, only the actions on that member. */
export const auditQuery = (userId: number | null) =>
  infiniteQueryOptions({
    queryKey: moderationKeys.auditOf(userId),
    queryFn: ({ pageParam }) =>
      fetchAdminPage<AuditEntry>('/api/admin/audit', userId ? { userId: String(userId) } : {}, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });

function useRefreshAfterAction() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: moderationKeys.reports() }),
      queryClient.invalidateQueries({ queryKey: moderationKeys.audit() }),
      // Hiding a listing or suspending its owner changes what listing reads return.
      queryClient.invalidateQueries({ queryKey: listingKeys.all }),
      queryClient.invalidateQueries({ queryKey: adminKeys.listings() }),
      queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
    ]);
}

export function useResolveReport() {
  const refresh = useRefreshAfterAction();
  return useMutation({
    mutationFn: ({ reportId, ...body }: ReportResolveInput & { reportId: number }) =>
      api<AdminReport>('POST', `/api/admin/reports/${reportId}/resolve`, body),
    onSuccess: refresh,
  });
}

export function useReinstate() {
  const refresh = useRefreshAfterAction();
  return useMutation({
    mutationFn: ({ userId, note }: ReinstateInput & { userId: number }) =>
      api<unknown>('POST', `/api/admin/users/${userId}/reinstate`, { note }),
    onSuccess: refresh,
  });
}
