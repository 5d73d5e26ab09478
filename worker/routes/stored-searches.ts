import { Hono } from 'hono';
import type { AppEnv } from '../types';

export const storedSearchRoutes = new Hono<AppEnv>();
export const userStoredSearchRoutes = new Hono<AppEnv>();
