import { Hono } from 'hono';
import type { AppEnv } from '../types';

export const communityRoutes = new Hono<AppEnv>();
