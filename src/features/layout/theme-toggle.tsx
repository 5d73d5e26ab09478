import { MoonIcon, SunIcon } from '@radix-ui/react-icons';
import { IconButton } from '@radix-ui/themes';
import { Hint } from '@/components/hint';
import { useTheme } from '@/lib/theme';
import * as m from '@/lib/messages';

export function ThemeToggle() {
  const { appearance, toggle } = useTheme();
  const label = appearance === 'light' ? m.layout_theme_dark() : m.layout_theme_light();
  return (
    <Hint content={label}>
      <IconButton variant="ghost" color="gray" onClick={toggle} aria-label={label} data-testid="theme-toggle">
        {appearance === 'light' ? <MoonIcon /> : <SunIcon />}
      </IconButton>
    </Hint>
  );
}
