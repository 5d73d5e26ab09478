import { QueryClient } from '@tanstack/react-query';

// No automatic retries, no refetch on window focus, no interval refetch by
// default, and data never becomes stale (mutations invalidate what they change; decision 007).
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, refetchInterval: false, staleTime: Infinity },
    mutations: { retry: false },
  },
});
