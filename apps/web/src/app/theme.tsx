import {
  Anchor,
  type CSSVariablesResolver,
  createTheme,
  type MantineColorsTuple,
  type MantineThemeComponent,
} from '@mantine/core';

// Mantine's defaults fail WCAG AA on white (filled button text 3.55:1, error 3.28:1, dimmed
// 3.32:1, placeholder 2.07:1). Every shade 6 below keeps white text at 5.4:1 or better and
// stays above 4.5:1 on its own 10% tint (light variants, alerts, active nav links).
const brand: MantineColorsTuple = [
  '#e7f5f6',
  '#cde8ea',
  '#9bd0d5',
  '#65b6bd',
  '#3aa0a9',
  '#1f8791',
  '#0b6b73',
  '#095b62',
  '#074b51',
  '#053a3f',
];

const red: MantineColorsTuple = [
  '#fff5f5',
  '#ffe3e3',
  '#ffc9c9',
  '#ffa8a8',
  '#ff8787',
  '#c92a2a',
  '#b02525',
  '#9c2020',
  '#8a1c1c',
  '#761818',
];

const green: MantineColorsTuple = [
  '#ebfbee',
  '#d3f9d8',
  '#b2f2bb',
  '#8ce99a',
  '#69db7c',
  '#2b8a3e',
  '#1f7a33',
  '#1b6b2d',
  '#175c27',
  '#134d21',
];

const orange: MantineColorsTuple = [
  '#fff4e6',
  '#ffe8cc',
  '#ffd8a8',
  '#ffc078',
  '#ffa94d',
  '#d9480f',
  '#b34700',
  '#9c3e00',
  '#853500',
  '#6e2c00',
];

const blue: MantineColorsTuple = [
  '#e7f5ff',
  '#d0ebff',
  '#a5d8ff',
  '#74c0fc',
  '#4dabf7',
  '#1c7ed6',
  '#1864ab',
  '#15599a',
  '#124d85',
  '#0f4170',
];

const teal: MantineColorsTuple = [
  '#e6fcf5',
  '#c3fae8',
  '#96f2d7',
  '#63e6be',
  '#38d9a9',
  '#0c8599',
  '#087060',
  '#06604f',
  '#055245',
  '#04443a',
];

// Amber rather than Mantine's bright yellow, whose shade 9 on its light tint reads at 2.4:1.
const yellow: MantineColorsTuple = [
  '#fff9db',
  '#fff3bf',
  '#ffec99',
  '#ffe066',
  '#ffd43b',
  '#f08c00',
  '#8a5a00',
  '#7a4f00',
  '#6b4500',
  '#5c3b00',
];

const grape: MantineColorsTuple = [
  '#f8f0fc',
  '#f3d9fa',
  '#eebefa',
  '#e599f7',
  '#da77f2',
  '#be4bdb',
  '#9130ab',
  '#862e9c',
  '#702682',
  '#5c1f6b',
];

// Mantine's gray with shade 6 darkened (#868e96 is 3.3:1 on white), the rest as Mantine has it.
const gray: MantineColorsTuple = [
  '#f8f9fa',
  '#f1f3f5',
  '#e9ecef',
  '#dee2e6',
  '#ced4da',
  '#adb5bd',
  '#5c636a',
  '#495057',
  '#343a40',
  '#212529',
];

/** Every colour a component may name; theme.test.ts checks each against WCAG AA. */
export const palette = { brand, red, green, orange, blue, teal, yellow, grape, gray };

/** Contrast-checked text colours that Mantine takes from CSS variables rather than the palette. */
const textColors = {
  dimmed: '#5c636a', // 6.09:1 on white
  placeholder: '#6b7280', // 4.83:1 on white
  error: red[6], // 6.69:1 on white
  anchor: brand[6],
} as const;

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 6,
  colors: palette,
  autoContrast: true,
  // People who ask their system for less motion get toasts, modals and menus without transitions.
  respectReducedMotion: true,
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  components: {
    Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
    // A status badge says its whole word (not "COMPLE…" at 375 px and in table cells): it keeps
    // its width instead of shrinking and cutting its label; the text beside it wraps instead.
    Badge: {
      styles: {
        root: { flexShrink: 0, minWidth: 'max-content', overflow: 'visible' },
        label: { overflow: 'visible', textOverflow: 'clip' },
      },
    } satisfies MantineThemeComponent,
    // Mantine's focus placeholder (role=presentation with tabindex) fails axe aria-required-children.
    // Plain objects (what Menu.extend answers), so the theme does not pull the Menu and Notification
    // code into every first page: they load with the language menu and the first toast.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } } satisfies MantineThemeComponent,
    // Fallback name for toasts not shown through lib/notifications (which passes a translated one).
    // A toast's message under a title is gray-6 by default (3.3:1 on white): use the AA dimmed colour.
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close' } },
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    } satisfies MantineThemeComponent,
  },
});

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': textColors.dimmed,
    '--mantine-color-placeholder': textColors.placeholder,
    '--mantine-color-error': textColors.error,
    '--mantine-color-anchor': textColors.anchor,
  },
  dark: {},
});
