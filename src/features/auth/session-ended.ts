// What every member socket (the conversation, the circle chat, the bell) does when the server
// closes it because the session ended: ask who is signed in now (outside the cache, so a first
// "nobody" does not sign the screen out before the second look; see afterSessionEnded) and
// resume, sign the screen out, or let it re-render for the member who signed in meanwhile.
import type { QueryClient } from '@tanstack/react-query';
import { callOrNull } from '@/lib/api-client';
import { authRoutes } from '@/shared/contract/auth';
import type { ConversationConnection } from '@/lib/live-socket';
import { afterSessionEnded } from '@/lib/live';
import { forgetSignedOutMember } from './api';
import { authKeys } from '@/lib/query-keys';

export function handleSessionEnded(
  conn: Pick<ConversationConnection, 'resume'>,
  meId: number,
  queryClient: QueryClient,
): void {
  const fetchUserId = async () => (await callOrNull(authRoutes.currentUser))?.id ?? null;
  void afterSessionEnded(fetchUserId, meId).then((outcome) => {
    if (outcome === 'resume') conn.resume();
    else if (outcome === 'signed-out') forgetSignedOutMember(queryClient);
    // Someone else signed in meanwhile: the screen re-renders for them and this connection goes.
    else void queryClient.invalidateQueries({ queryKey: authKeys.currentUser });
  });
}
