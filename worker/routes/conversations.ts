import { Hono } from 'hono';
import type { AppEnv } from '../types';

export const conversationRoutes = new Hono<AppEnv>();
