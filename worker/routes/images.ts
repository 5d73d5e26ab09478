import { Hono } from 'hono';
import type { AppEnv } from '../types';

export const imageRoutes = new Hono<AppEnv>();
export const objectRoutes = new Hono<AppEnv>();
