import {
  type CSSVariablesResolver,
  createTheme,
  defaultVariantColorsResolver,
  localStorageColorSchemeManager,
  type VariantColorsResolver,
} from '@mantine/core';
import classes from './theme.module.css';

/** Spec: the theme is kept under the `theme` key in local storage; index.html reads the same key before paint. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'theme' });

/**
 * Mantine's subtle variant colours its text with the "light" colour, which in the dark scheme is the
 * palette's palest shade: a red Delete button reads white. The palette's text colour is the filled
 * shade in light and shade 4 in dark, a colour on both backgrounds.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  if (input.variant !== 'subtle' || !input.color) return colors;
  const color = input.color.split('.')[0];
  return { ...colors, color: `var(--mantine-color-${color}-text)` };
};

export const theme = createTheme({
  variantColorResolver,
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
    // Every dialog title the same: confirmations, forms and viewers alike.
    Modal: { classNames: { title: classes.dialogTitle } },
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
    // Light orange text (grading's Not Yet Satisfactory, status badges) is 3.6:1 on its tint; this is 5.3:1.
    '--mantine-color-orange-light-color': '#a63e0b',
    // White on the filled green (Satisfactory) is 4.4:1, just under AA for button text; this is 6.5:1.
    '--mantine-color-green-filled': '#1e6b34',
    '--mantine-color-green-filled-hover': '#185a2b',
    // A field's error under it (and its asterisk) is small text: Mantine's red 6 is 3.3:1 on white, red 9 is 5.5:1.
    '--mantine-color-error': '#c92a2a',
  },
  // Red 8 is 3.4:1 on the dark background; red 4 is 6.7:1.
  dark: { '--mantine-color-dimmed': '#a3a3a3', '--mantine-color-error': '#ff8787' },
});

/**
 * The provider's settings everywhere the app renders. Its CSS variables and responsive classes are
 * written into each page's head by the build (build/prerender.ts, from `mantineStyles` below) rather
 * than worked out by the provider in every render: in the browser that was some 20 ms of a phone's
 * first screen, in the server part of every rendered page.
 */
export const mantineProviderProps = {
  theme,
  colorSchemeManager,
  defaultColorScheme: 'auto',
  cssVariablesResolver,
  withCssVariables: false,
  withGlobalClasses: false,
} as const;
