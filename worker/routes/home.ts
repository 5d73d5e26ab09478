// GET /api/home: the signed-in member's part of the home page (decision 065; docs/api/home.md).
import { homeRoutes } from '@/shared/contract/home';
import { memberHomeRead } from '../db/queries/member-home';
import { runRead } from '../db/read';
import { reply, router, serve } from '../lib/serve';
import { requireUser } from '../middleware/auth';
import { viewer } from '../middleware/session';

export const homeRouter = router('/api/home');

serve(homeRouter, homeRoutes.member, viewer('row'), async (c) => {
  const user = requireUser(c);
  return reply(c, homeRoutes.member, await runRead(c.get('db'), memberHomeRead(c.get('db'), user.id)));
});
