import { Hono } from 'hono';
import type { AppEnv } from '../types';

export const listingRoutes = new Hono<AppEnv>();
export const userListingRoutes = new Hono<AppEnv>();
