// GET /api/home for the signed-in member's part of the home page (decision 065). A full load of
// "/" carries the reply in the page's boot data (worker/routes/pages.ts): the section takes it
// once from there, from this lazily loaded module, so nothing of it is in a guest's first load.
// Read again when older than a minute: offers, messages and circles change between visits.
import { queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { readBootData } from '@/lib/boot';
import { homeKeys } from '@/lib/query-keys';
import { homeRoutes, type MemberHome } from '@/shared/contract/home';

let bootTaken = false;

/** The page's embedded home, the first time only, and only for the member it was written for. */
function fromPage(userId: number): MemberHome | undefined {
  if (bootTaken) return undefined;
  bootTaken = true;
  const data = readBootData();
  return data?.user?.id === userId ? data.memberHome : undefined;
}

export const memberHomeQuery = (userId: number) =>
  queryOptions({
    queryKey: homeKeys.member(userId),
    queryFn: () => call(homeRoutes.member),
    staleTime: 60_000,
    initialData: () => fromPage(userId),
    initialDataUpdatedAt: () => performance.timeOrigin,
  });
