import { createTheme, type CSSVariablesResolver } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  // Shade 7, not Mantine's 6: white button text on it meets WCAG AA contrast (5:1, not 4.3:1).
  primaryShade: 7,
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
