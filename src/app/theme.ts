import { createTheme, DEFAULT_THEME, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/**
 * Mantine's palettes with darker last shades, for WCAG AA (4.5:1) text. Green 7-9, red 7 and
 * orange 9 are below it as text on white, on a striped or hovered row, or on their light variant's
 * tint (a stock figure in green, an overdue amount in orange, a light Approve button); indigo 9, a
 * light or subtle button's text, is 4.1:1 on the tint it shows while hovered. These meet it on all.
 */
const darkerFrom = (name: 'green' | 'red' | 'orange' | 'indigo', shades: string[]): MantineColorsTuple =>
  [...DEFAULT_THEME.colors[name].slice(0, 10 - shades.length), ...shades] as unknown as MantineColorsTuple;

export const theme = createTheme({
  primaryColor: 'indigo',
  // Shade 7, not Mantine's 6: white button text on it meets WCAG AA contrast (5:1, not 4.3:1).
  primaryShade: 7,
  colors: {
    green: darkerFrom('green', ['#237a36', '#1e7032', '#1b5e20']),
    red: darkerFrom('red', ['#c92a2a', '#b52525', '#a61e1e']),
    orange: darkerFrom('orange', ['#c2410c', '#b8400d', '#9a3412']),
    indigo: darkerFrom('indigo', ['#2f44ad']),
  },
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  // Someone who asked their system for less motion gets dialogs, drawers and notifications without
  // their open and close animations.
  respectReducedMotion: true,
  components: {
    // Mantine's close buttons are an icon alone; a screen reader needs their name. Modals start
    // below the offline banner while it shows (OfflineBanner sets the variable), so it never
    // covers a form's title or first field.
    Modal: {
      defaultProps: {
        closeButtonProps: { 'aria-label': 'Close' },
        yOffset: 'calc(5dvh + var(--offline-banner-height, 0px))',
      },
    },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss' } } },
  },
});

/** Dimmed text (descriptions, hints) in gray 7: Mantine's gray 6 is 3.3:1 on white, below WCAG AA. */
export const cssVariablesResolver: CSSVariablesResolver = (mantineTheme) => ({
  variables: {},
  light: { '--mantine-color-dimmed': mantineTheme.colors.gray[7] },
  dark: {},
});
