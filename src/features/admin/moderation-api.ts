// The moderation queue, its actions and the audit log (docs/api/moderation.md). Each action changes
// the queue, the open count, the audit log and possibly what members see (a hidden listing, a
// suspended member's listings), so it refreshes all of those.
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { moderationRoutes, type AdminReport } from '@/shared/contract/moderation';
import type { ReinstateInput, ReportResolveInput } from '@/shared/schemas';
import { DASHBOARD_REFRESH_MS } from '@/features/community';
import { fetchAdminPage } from './api';
import { adminKeys, listingKeys, moderationKeys } from '@/lib/query-keys';

export type ReportStatus = AdminReport['status'];

/** The queue: reports of one status, a page at a time (open ones oldest first). */
export const adminReportsQuery = (status: ReportStatus) =>
  infiniteQueryOptions({
    queryKey: moderationKeys.reportList(status),
    queryFn: ({ pageParam }) => fetchAdminPage(moderationRoutes.queue, { status }, pageParam),
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
  queryFn: () => call(moderationRoutes.openCount),
  refetchInterval: DASHBOARD_REFRESH_MS,
  staleTime: 0,
});

/** The audit log, newest first; with a member's id, only the actions on that member. */
export const auditQuery = (userId: number | null) =>
  infiniteQueryOptions({
    queryKey: moderationKeys.auditOf(userId),
    queryFn: ({ pageParam }) =>
      fetchAdminPage(moderationRoutes.audit, userId ? { userId: String(userId) } : {}, pageParam),
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
      call(moderationRoutes.resolve, { params: { id: reportId }, body }),
    onSuccess: refresh,
  });
}

export function useReinstate() {
  const refresh = useRefreshAfterAction();
  return useMutation({
    mutationFn: ({ userId, note }: ReinstateInput & { userId: number }) =>
      call(moderationRoutes.reinstate, { params: { id: userId }, body: { note } }),
    onSuccess: refresh,
  });
}
