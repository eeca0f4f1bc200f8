/**
 * The theme's values that the screen shell (draw-screen-shell.ts) draws with before MUI has loaded;
 * theme.ts builds MUI's theme from the same, so the shell and the screen look alike.
 */
export const COLORS = {
  primary: '#1F7A7A',
  primaryDark: '#155858',
  background: '#F4F7F7',
  paper: '#FFFFFF',
  text: '#1B2A2F',
  textSecondary: '#4A5A60',
} as const;

export const FONT_FAMILY = '"Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

export const BORDER_RADIUS = 6;

export const HEADING_1 = { fontSize: '1.75rem', fontWeight: 600 } as const;
export const HEADING_3 = { fontSize: '1.1rem', fontWeight: 600 } as const;
