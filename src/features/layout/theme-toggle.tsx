import { MoonIcon, SunIcon } from '@radix-ui/react-icons';
import { IconButton } from '@radix-ui/themes';
import { Hint } from '@/components/hint';
import { useTheme } from '@/lib/theme';

export function ThemeToggle() {
  const { appearance, toggle } = useTheme();
  const label = appearance === 'light' ? 'Switch to dark theme' : 'Switch to light theme';
  return (
    <Hint content={label}>
      <IconButton variant="ghost" color="gray" onClick={toggle} aria-label={label} data-testid="theme-toggle">
        {appearance === 'light' ? <MoonIcon /> : <SunIcon />}
      </IconButton>
    </Hint>
  );
}
