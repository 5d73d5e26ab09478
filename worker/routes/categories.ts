import { Hono } from 'hono';
import type { AppEnv } from '../types';

export const categoryRoutes = new Hono<AppEnv>();
