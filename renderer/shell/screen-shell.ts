/**
 * What the screens share with the screen shell (draw-screen-shell.ts), the frame and heading
 * drawn before the app's code has loaded.
 */

/**
 * The headings of screens whose heading is always the same words: the shell shows them first,
 * and the screen renders the same words from here, so the two never disagree.
 */
export const SCREEN_HEADINGS = {
  dashboard: 'Dashboard',
  records: 'Transit Records',
} as const;

/**
 * Marks a loading screen (the spinner shown while a frame's code or the account loads): the
 * shell stays in its place until the app shows something else.
 */
export const LOADING_SCREEN_MARK = 'data-loading-screen';
