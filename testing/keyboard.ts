import type { Page } from 'playwright-core';

/** The control that has the keyboard focus, as a user sees and hears it. */
export interface Focused {
  /** Its role, else its tag ('link' for an anchor). */
  role: string;
  /** Its aria-label, else its label's text, else its own text. */
  name: string;
  /** The aria-labels of the elements around it, innermost first (a panel, a grid, a tab list). */
  within: string[];
  /** The text of the grid row it is in. */
  row: string;
  /** The ring drawn for it: on the control itself, or on its MUI button base (a switch's input is invisible). */
  ring: { style: string; width: number; color: string };
}

export const focused = (page: Page): Promise<Focused> =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const ring = getComputedStyle(el.closest<HTMLElement>('.MuiButtonBase-root') ?? el);
    const within: string[] = [];
    for (let up = el.parentElement; up; up = up.parentElement) {
      const label = up.getAttribute('aria-label');
      if (label) within.push(label);
    }
    return {
      role: el.getAttribute('role') ?? (el.tagName === 'A' ? 'link' : el.tagName.toLowerCase()),
      name: (
        el.getAttribute('aria-label') ??
        (el as HTMLInputElement).labels?.[0]?.textContent ??
        el.textContent ??
        ''
      ).trim(),
      within,
      row: el.closest('[role="row"]')?.textContent ?? '',
      ring: {
        style: ring.outlineStyle,
        width: parseFloat(ring.outlineWidth),
        color: ring.outlineColor,
      },
    };
  });

/** Presses `key` until `wanted` holds for the focused control (at most `limit` times). */
export async function pressUntil(
  page: Page,
  key: string,
  wanted: (f: Focused) => boolean,
  limit = 60,
): Promise<Focused> {
  const passed: string[] = [];
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press(key);
    const now = await focused(page);
    if (wanted(now)) return now;
    passed.push(`${now.role}: ${now.name}`);
  }
  throw new Error(`${key} never reached the wanted control, only ${passed.join(' | ')}`);
}
