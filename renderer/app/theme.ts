import { createTheme } from '@mui/material/styles';
import type {} from '@mui/x-data-grid/themeAugmentation';
import { BORDER_RADIUS, COLORS, FONT_FAMILY, HEADING_1, HEADING_3 } from '../shell/theme-tokens';

/**
 * The one keyboard focus ring. Dark on the light surfaces (over 3:1 against white and the
 * background, WCAG 1.4.11), outside the control so it never hides its label.
 */
const focusRing = { outline: `3px solid ${COLORS.text}`, outlineOffset: 2 } as const;

/** A calm clinical teal; text and controls keep WCAG AA contrast on white. */
export const theme = createTheme({
  palette: {
    primary: {
      main: COLORS.primary,
      dark: COLORS.primaryDark,
      light: '#4FA3A3',
      contrastText: '#FFFFFF',
    },
    secondary: { main: '#34506B' },
    // MUI's default warning and info are below AA with white text; these keep 4.5:1.
    warning: { main: '#B45309', contrastText: '#FFFFFF' },
    info: { main: '#1565C0', contrastText: '#FFFFFF' },
    success: { main: '#2E7D32', contrastText: '#FFFFFF' },
    background: { default: COLORS.background, paper: COLORS.paper },
    text: { primary: COLORS.text, secondary: COLORS.textSecondary },
  },
  shape: { borderRadius: BORDER_RADIUS },
  typography: {
    fontFamily: FONT_FAMILY,
    h1: HEADING_1,
    h2: { fontSize: '1.35rem', fontWeight: 600 },
    h3: HEADING_3,
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    // A visible keyboard focus ring on every control, not only on links. MUI's button base
    // (buttons, tabs, chips, switches, checkboxes) resets the outline, and a switch's real input
    // is invisible: the ring goes on the base, marked by MUI's keyboard-only focus class.
    MuiButtonBase: {
      defaultProps: { disableRipple: false },
      styleOverrides: { root: { '&.Mui-focusVisible': focusRing } },
    },
    MuiCssBaseline: { styleOverrides: { '*:focus-visible': focusRing } },
    // Grid cells and headers draw a faint 1px outline of their own.
    MuiDataGrid: {
      styleOverrides: {
        root: {
          '& .MuiDataGrid-cell:focus-visible, & .MuiDataGrid-columnHeader:focus-visible': {
            ...focusRing,
            outlineOffset: -3,
          },
        },
      },
    },
    MuiTextField: { defaultProps: { fullWidth: true, margin: 'normal' } },
    MuiTab: { styleOverrides: { root: { minHeight: 44 } } },
    // MUI writes subtitles as <h6>: a heading five levels down that is no heading (WCAG 1.3.1).
    MuiTypography: { defaultProps: { variantMapping: { subtitle1: 'p', subtitle2: 'p' } } },
    // MUI's grey for unselected toggles (action.active) and a disabled field's helper text
    // (text.disabled) fall below 4.5:1; the helper text says why a field is disabled, so it
    // must stay readable.
    MuiToggleButton: { styleOverrides: { root: { color: COLORS.textSecondary } } },
    MuiFormHelperText: {
      styleOverrides: { root: { '&.Mui-disabled': { color: COLORS.textSecondary } } },
    },
  },
});
