// Categories: the fixed list listings are filed under.
import * as v from 'valibot';
import { route } from './route';

export const category = v.strictObject({ id: v.number(), name: v.string(), slug: v.string() });
export type Category = v.InferOutput<typeof category>;

export const categoryRoutes = {
  list: route({
    method: 'GET',
    path: '/api/categories',
    tag: 'Categories',
    summary: 'The categories, by id',
    access: 'anyone',
    reply: v.array(category),
    notes: 'Browsers may keep the answer a day.',
  }),
};
