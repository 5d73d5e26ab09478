import { Hono } from 'hono';
import type { AppEnv } from '../types';

export const adminListingRoutes = new Hono<AppEnv>();
