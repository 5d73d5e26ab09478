// The home page's Community Impact counters. The activity feed and testimonials are read
// through features/community/api.ts, shared with the community page.
import { queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { counterKeys, type CounterKind } from '@/lib/query-keys';
import { communityRoutes } from '@/shared/contract/community';

/** Each counter's route. */
const counterRoutes = {
  users: communityRoutes.userCount,
  skills: communityRoutes.skillCount,
  barters: communityRoutes.barterCount,
} satisfies Record<CounterKind, unknown>;

export const countQuery = (kind: CounterKind) =>
  queryOptions({
    queryKey: counterKeys.count(kind),
    queryFn: () => call(counterRoutes[kind]),
    select: (data) => data.count,
  });
