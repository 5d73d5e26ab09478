// Blocks (docs/api/moderation.md): the member's list, block and unblock. A block changes what the
// member may see almost everywhere (browse, search, matches, wants, circles, conversations), so
// both mutations refresh those reads as well as the list.
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { blockRoutes, type Block } from '@/shared/contract/blocks';
import { blockKeys } from '@/lib/query-keys';

export const blocksQuery = queryOptions({ queryKey: blockKeys.all, queryFn: () => call(blockRoutes.list) });

/**
 * Whether the signed-in member has blocked this member (false while the list loads). `known` is the
 * answer a read the screen made anyway carried (a conversation's `blockedByMe`): then the list is
 * not read for it.
 */
export function useHasBlocked(userId: number, signedIn: boolean, known?: boolean) {
  const blocks = useQuery({ ...blocksQuery, enabled: signedIn && known === undefined });
  return known ?? blocks.data?.some((block) => block.user.id === userId) ?? false;
}

/** Reads a block changes besides the list itself (the first key segment of each). */
const SEPARATED_READS = ['listings', 'wants', 'matches', 'trade-circles', 'messages', 'notifications'];

function refreshAfterBlockChange(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: blockKeys.all });
  void queryClient.invalidateQueries({ predicate: (query) => SEPARATED_READS.includes(String(query.queryKey[0])) });
}

export function useBlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => call(blockRoutes.put, { params: { userId } }),
    onSuccess: (block) => {
      // The list shows it at once; the refresh confirms it.
      queryClient.setQueryData<Block[]>(blockKeys.all, (list) =>
        list ? [block, ...list.filter((b) => b.user.id !== block.user.id)] : list,
      );
      refreshAfterBlockChange(queryClient);
    },
  });
}

export function useUnblock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => call(blockRoutes.remove, { params: { userId } }),
    onSuccess: (_nothing, userId) => {
      queryClient.setQueryData<Block[]>(blockKeys.all, (list) => list?.filter((b) => b.user.id !== userId));
      refreshAfterBlockChange(queryClient);
    },
  });
}
