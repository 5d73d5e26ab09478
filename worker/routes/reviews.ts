import { Hono } from 'hono';
import type { AppEnv } from '../types';

export const reviewRoutes = new Hono<AppEnv>();
export const listingReviewRoutes = new Hono<AppEnv>();
export const userReviewRoutes = new Hono<AppEnv>();
