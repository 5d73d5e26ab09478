// Light by default; the choice is stored in browser storage under the key `theme`, and in the
// `theme` cookie so the Worker paints the first screen in it (decision 055).
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';

export type Appearance = 'light' | 'dark';
export const THEME_STORAGE_KEY = 'theme';

function storedAppearance(): Appearance {
  try {
    return localStorage.getItem(THEME_STORAGE_KEY) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

const ThemeContext = createContext<{ appearance: Appearance; toggle: () => void }>({
  appearance: 'light',
  toggle: () => {},
});

export function ThemeProvider({ children }: { children: (appearance: Appearance) => ReactNode }) {
  const [appearance, setAppearance] = useState<Appearance>(storedAppearance);
  useEffect(() => {
    try {
      localStorage.setItem(THEME_STORAGE_KEY, appearance);
    } catch {
      // Storage may be unavailable (private mode); the choice then lasts for this visit.
    }
    document.documentElement.style.colorScheme = appearance;
    // The browser's bar around the page (index.html's pair by the system's scheme) follows the chosen theme.
    for (const meta of document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]'))
      meta.content = appearance === 'dark' ? '#111113' : '#ffffff';
    document.cookie = `${THEME_STORAGE_KEY}=${appearance}; Path=/; Max-Age=31536000; SameSite=Lax`;
  }, [appearance]);
  const toggle = useCallback(() => setAppearance((a) => (a === 'light' ? 'dark' : 'light')), []);
  return <ThemeContext.Provider value={{ appearance, toggle }}>{children(appearance)}</ThemeContext.Provider>;
}

export const useTheme = () => useContext(ThemeContext);
