// A member's reports (docs/api/moderation.md): filing one from any report entry point, and "Your
// reports" with what came of each.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, callWithReply } from '@/lib/api-client';
import { moderationRoutes, type MyReport } from '@/shared/contract/moderation';
import type { ReportCreateInput } from '@/shared/schemas';
import { reportKeys } from '@/lib/query-keys';

export const myReportsQuery = queryOptions({
  queryKey: reportKeys.mine(),
  queryFn: () => call(moderationRoutes.myReports),
});

/** What filing a report answered: the report, and whether it was already open (200, not 201). */
export interface FiledReport {
  report: MyReport;
  alreadyOpen: boolean;
}

export function useCreateReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ReportCreateInput): Promise<FiledReport> => {
      const reply = await callWithReply(moderationRoutes.report, { body: input });
      return { report: reply.data, alreadyOpen: reply.status === 200 };
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.mine() }),
  });
}
