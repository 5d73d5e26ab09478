import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { communityRoutes } from '@/shared/contract/community';
import type { ContactInput } from '@/shared/schemas';

export function useSendContactMessage() {
  return useMutation({
    mutationFn: (input: ContactInput) => call(communityRoutes.contact, { body: input }),
  });
}
