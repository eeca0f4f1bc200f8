import type { AxeResults, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

/** The rules of WCAG 2.1 levels A and AA: the bar every screen is held to. */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/**
 * Heading levels that skip one (axe files it under best practice): screen-reader users jump by
 * heading level, and WCAG 1.3.1 wants the levels to tell the structure.
 */
const ALSO = { 'heading-order': { enabled: true } };

/** One element axe-core finds breaking one rule. */
export interface AxeFinding {
  rule: string;
  impact: string;
  target: string;
  summary: string;
}

/**
 * Loads axe-core into every document the page's context opens. An init script, not a script
 * tag: the app's Content-Security-Policy (`script-src 'self'`) refuses inline scripts.
 */
export async function prepareAxe(page: Page): Promise<void> {
  await page.context().addInitScript({ path: require.resolve('axe-core') });
}

/** What shows that data is still on its way (a determinate progress bar is content). */
const BUSY = '[role="progressbar"]:not([aria-valuenow]), .MuiSkeleton-root';

/**
 * Waits until the screen stands still: no request under way, no spinner, no transition running
 * (a dialog fading in is not yet its final colours). Endless animations (spinners, skeletons) do
 * not count.
 */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(
    (busy) =>
      document.querySelector(busy) === null &&
      document
        .getAnimations()
        .every(
          (a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity,
        ),
    BUSY,
    { timeout: 30_000 },
  );
}

/** Runs axe-core (WCAG 2.1 A and AA) on what the page shows now: one finding per element. */
export async function axeFindings(page: Page): Promise<AxeFinding[]> {
  await settle(page);
  return page.evaluate(
    async ([tags, rules]) => {
      const { axe } = window as unknown as {
        axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> };
      };
      const { violations } = await axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        rules,
      });
      return violations.flatMap((v) =>
        v.nodes.map((node) => ({
          rule: v.id,
          impact: v.impact ?? 'unknown',
          target: node.target.join(' '),
          summary: node.failureSummary?.split('\n').slice(1, 2).join('').trim() ?? v.help,
        })),
      );
    },
    [WCAG_21_AA, ALSO] as const,
  );
}
