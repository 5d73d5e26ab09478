// Trade circles (docs/api/wants-matches-circles.md, "Trade circles"): a member's circles, one
// circle, the member's decision, and the circle's group chat.
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { tradeCircleRoutes, type TradeCircle, type TradeCircleMessage } from '@/shared/contract/trade-circles';
import { circleKeys, notificationKeys } from '@/lib/query-keys';

export const circlesQuery = queryOptions({
  queryKey: circleKeys.list(),
  queryFn: () => call(tradeCircleRoutes.list),
});

export const circleQuery = (id: number) =>
  queryOptions({ queryKey: circleKeys.detail(id), queryFn: () => call(tradeCircleRoutes.get, { params: { id } }) });

/** The chat's newest messages, oldest first. Reading them settles the member's chat notification. */
export const circleMessagesQuery = (id: number) =>
  queryOptions({
    queryKey: circleKeys.messages(id),
    queryFn: () => call(tradeCircleRoutes.messages, { params: { id } }),
    structuralSharing: mergeById,
  });

/** Messages merged by id, oldest first: a live frame and a refetch never show one message twice. */
export function mergeCircleMessages(
  current: readonly TradeCircleMessage[] | undefined,
  incoming: readonly TradeCircleMessage[],
): TradeCircleMessage[] {
  const byId = new Map((current ?? []).map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

function mergeById(old: unknown, next: unknown): unknown {
  if (!Array.isArray(old) || !Array.isArray(next)) return next;
  return mergeCircleMessages(old as TradeCircleMessage[], next as TradeCircleMessage[]);
}

/**
 * A circle as it now stands, in its own entry and in the list; the bell may have changed. Its
 * barters show in their conversations, which read them whenever they open (decision 043).
 */
export function storeCircle(queryClient: QueryClient, circle: TradeCircle) {
  queryClient.setQueryData(circleKeys.detail(circle.id), circle);
  queryClient.setQueryData<TradeCircle[]>(circleKeys.list(), (old) =>
    old?.map((c) => (c.id === circle.id ? circle : c)),
  );
  void queryClient.invalidateQueries({ queryKey: circleKeys.list() });
  void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
}

export function useDecideCircle(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: 'accept' | 'decline') => call(tradeCircleRoutes[action], { params: { id } }),
    onSuccess: (circle) => storeCircle(queryClient, circle),
    // A 409 means the circle changed meanwhile: show it as it is now.
    onError: () => void queryClient.invalidateQueries({ queryKey: circleKeys.detail(id) }),
  });
}

export function useSendCircleMessage(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => call(tradeCircleRoutes.postMessage, { params: { id }, body: { content } }),
    onSuccess: (message) =>
      queryClient.setQueryData<TradeCircleMessage[]>(circleKeys.messages(id), (old) =>
        mergeCircleMessages(old, [message]),
      ),
  });
}
