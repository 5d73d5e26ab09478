import { Hono } from 'hono';
import type { AppEnv } from '../types';

export const barterRoutes = new Hono<AppEnv>();
export const listingBarterRoutes = new Hono<AppEnv>();
