// GET /api/categories: the six categories of spec section 3 (inserted by migration), by id.
import { Hono } from 'hono';
import { listCategories } from '../db/queries/listings';
import type { AppEnv } from '../types';

export const categoryRoutes = new Hono<AppEnv>();

categoryRoutes.get('/', async (c) => c.json(await listCategories(c.get('db'))));
