import { BORDER_RADIUS, COLORS, FONT_FAMILY, HEADING_1, HEADING_3 } from './theme-tokens';
import { LOADING_SCREEN_MARK } from './screen-shell';

/** MUI's elevation 1, which the app bar and the paper wear. */
const ELEVATION_1 =
  '0 2px 1px -1px rgba(0,0,0,.2), 0 1px 1px 0 rgba(0,0,0,.14), 0 1px 3px 0 rgba(0,0,0,.12)';

/**
 * The page's and the shell's style, which the build writes into index.html (vite.config.ts), so
 * the first paint already has the page's background and margins (nothing shifts when the app's
 * own styles arrive). The frame's measures as MUI lays them out: CssBaseline's page; the sticky
 * app bar with its toolbar (on a phone two rows, the organization's below) and its tab row;
 * main's padding; the paper. The app's loading screens inside #root are hidden while the shell
 * stands in for them.
 */
export const SHELL_STYLE = `
body { margin: 0; background: ${COLORS.background}; color: ${COLORS.text};
  font: 400 1rem/1.5 ${FONT_FAMILY}; -webkit-font-smoothing: antialiased; }
#screen-shell ~ #root > [${LOADING_SCREEN_MARK}] { display: none; }
.shell-bar { position: sticky; top: 0; z-index: 1100; background: ${COLORS.paper};
  box-shadow: ${ELEVATION_1}; }
.shell-toolbar { display: flex; flex-wrap: wrap; align-items: center; gap: 8px;
  min-height: 56px; padding: 8px 16px; }
.shell-logo { display: flex; align-items: center; gap: 8px; height: 40px; }
.shell-logo img { width: 32px; height: 32px; }
.shell-logo span { display: none; color: ${COLORS.primaryDark}; font-size: ${HEADING_3.fontSize};
  font-weight: 700; line-height: 1.167; }
.shell-organization { width: 100%; height: 40px; }
@media (min-width: 600px) {
  .shell-toolbar { flex-wrap: nowrap; min-height: 64px; padding: 0 24px; }
  .shell-logo span { display: inline; }
  .shell-organization { display: none; }
}
.shell-tabs { height: 48px; }
.shell-main { box-sizing: border-box; width: 100%; max-width: 1600px; min-height: 100vh;
  margin: 0 auto; padding: 8px; }
.shell-paper { background: ${COLORS.paper}; border-radius: ${BORDER_RADIUS}px;
  box-shadow: ${ELEVATION_1}; padding: var(--shell-padding-phone); }
@media (min-width: 600px) {
  .shell-main { padding: 24px; }
  .shell-paper { padding: var(--shell-padding-wide); }
}
.shell-paper h1 { margin: 0 0 8px; font-size: ${HEADING_1.fontSize};
  font-weight: ${HEADING_1.fontWeight}; line-height: 1.167; }
.shell-paper p { margin: 0; color: ${COLORS.textSecondary}; }
`;
