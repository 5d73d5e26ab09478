// The theme a member picked (light by default): the SPA keeps it in browser storage and in the
// `theme` cookie (src/lib/theme.tsx), so the first screen paints in it before any script runs.
import type { Appearance } from './parts';

export const THEME_COOKIE = 'theme';

export function appearanceOf(cookieHeader: string | undefined): Appearance {
  if (!cookieHeader) return 'light';
  for (const part of cookieHeader.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === THEME_COOKIE) return value === 'dark' ? 'dark' : 'light';
  }
  return 'light';
}
