// The home page's Community Impact counters. The activity feed and testimonials are read
// through features/community/api.ts, shared with the community page.
import { queryOptions } from '@tanstack/react-query';
import type { Count } from '@/shared/api-types';
import { apiGet } from '@/lib/api';
import { counterKeys, type CounterKind } from '@/lib/query-keys';

export const countQuery = (kind: CounterKind) =>
  queryOptions({
    queryKey: counterKeys.count(kind),
    queryFn: () => apiGet<Count>(`/api/${kind}/count`),
    select: (data) => data.count,
  });
