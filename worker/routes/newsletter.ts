import { Hono } from 'hono';
import type { AppEnv } from '../types';

export const newsletterRoutes = new Hono<AppEnv>();
