import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { ContactInput } from '@/shared/schemas';

export function useSendContactMessage() {
  return useMutation({
    mutationFn: (input: ContactInput) => api<{ message: string; id: number }>('POST', '/api/contact', input),
  });
}
