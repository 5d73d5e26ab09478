// The home page's Community Impact counters. The activity feed and testimonials are read
// through features/community/api.ts, shared with the community page.
import { queryOptions } from '@tanstack/react-query';
import type { Count } from '@/shared/api-types';
import { apiGet } from '@/lib/api';

export type CounterKind = 'barters' | 'users' | 'skills';

export const counterKeys = {
  all: ['counts'] as const,
  count: (kind: CounterKind) => [...counterKeys.all, kind] as const,
};

export const countQuery = (kind: CounterKind) =>
  queryOptions({
    queryKey: counterKeys.count(kind),
    queryFn: () => apiGet<Count>(`/api/${kind}/count`),
    select: (data) => data.count,
  });
