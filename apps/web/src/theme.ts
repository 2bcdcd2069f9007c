import { type CSSVariablesResolver, createTheme, localStorageColorSchemeManager } from '@mantine/core';

/** Spec: the theme is kept under the `theme` key in local storage; index.html reads the same key before paint. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'theme' });

export const theme = createTheme({
  primaryColor: 'teal',
  // White on teal 7 is 3.1:1, under WCAG AA and hard to read in sunlight on site; teal 9 is 5:1.
  primaryShade: { light: 9, dark: 9 },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  fontFamily:
    "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  headings: { fontWeight: '700' },
  components: {
    // Spec section 9: tooltips open after 700 ms.
    Tooltip: { defaultProps: { openDelay: 700 } },
  },
});

/**
 * Mantine's default secondary ("dimmed") text is too faint for WCAG AA contrast (about 3.3:1 on
 * white); these greys reach about 6:1 on the light and the dark background. Likewise the text of
 * light teal and green badges (status, labels) is darkened to about 6:1 on their tinted background.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5f6770',
    '--mantine-color-teal-light-color': '#066649',
    '--mantine-color-green-light-color': '#1e6b34',
  },
  dark: { '--mantine-color-dimmed': '#a3a3a3' },
});
