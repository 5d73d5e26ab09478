import { Hono } from 'hono';
import type { AppEnv } from '../types';

export const messageRoutes = new Hono<AppEnv>();
export const userMessageRoutes = new Hono<AppEnv>();
