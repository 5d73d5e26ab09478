// Blocking members: a blocked member can no longer message, offer, match or circle with the caller.
import * as v from 'valibot';
import { route } from './route';
import { userSummary } from './users';

/** One block of the caller's. */
export const block = v.strictObject({ user: userSummary, createdAt: v.string() });
export type Block = v.InferOutput<typeof block>;

export const blockRoutes = {
  list: route({
    method: 'GET',
    path: '/api/blocks',
    tag: 'Blocks',
    summary: 'The members the caller has blocked, newest first',
    access: 'member',
    reply: v.array(block),
  }),
  put: route({
    method: 'PUT',
    path: '/api/blocks/:userId',
    tag: 'Blocks',
    summary:
      'Block a member (again is not an error): their open offers expire and shared proposed circles are called off',
    access: 'member',
    reply: block,
    errors: [404],
  }),
  remove: route({
    method: 'DELETE',
    path: '/api/blocks/:userId',
    tag: 'Blocks',
    summary: 'Lift a block (a block that is not there is not an error)',
    access: 'member',
    reply: null,
    status: 204,
  }),
};
