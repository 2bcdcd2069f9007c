import {
  ActionIcon,
  Box,
  useComputedColorScheme,
  useMantineColorScheme,
  VisuallyHidden,
} from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import classes from './theme-toggle.module.css';

/**
 * Flips between light and dark; the first press turns the system default into an explicit choice.
 * Both faces are in the markup and the page's color scheme attribute shows one (Mantine's lightHidden
 * and darkHidden are CSS), so the prerendered landing page, which the app replaces only once the
 * visitor starts using it, offers the right one in either theme: the icon and the button's name.
 */
export function ThemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  // Read after mounting, as the server cannot know it: its render (light) is what hydrates.
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: true });
  const next = computed === 'dark' ? 'light' : 'dark';
  return (
    <ActionIcon
      variant="default"
      size="lg"
      title={next === 'dark' ? 'Switch to dark theme' : 'Switch to light theme'}
      // What the page shows when pressed (theme.js set it before the first paint): a press replayed
      // just after the app's first render comes before the computed scheme has caught up.
      onClick={() =>
        setColorScheme(document.documentElement.dataset.mantineColorScheme === 'dark' ? 'light' : 'dark')
      }
    >
      <Box component="span" className={classes.face} darkHidden>
        <IconMoon size={18} stroke={1.8} aria-hidden />
        <VisuallyHidden>Switch to dark theme</VisuallyHidden>
      </Box>
      <Box component="span" className={classes.face} lightHidden>
        <IconSun size={18} stroke={1.8} aria-hidden />
        <VisuallyHidden>Switch to light theme</VisuallyHidden>
      </Box>
    </ActionIcon>
  );
}
