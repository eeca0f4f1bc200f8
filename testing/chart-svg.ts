import fs from 'node:fs';
import type { Locator, Page } from 'playwright-core';

/** Where a piece of a chart is drawn, and its text if it is a text. */
export interface Box {
  text: string;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export const overlap = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * Exports the chart of `region` as SVG (its own export menu) and opens that file in `page`, so
 * the chart can be measured as drawn: canvas pixels cannot be asked where a label is.
 */
export async function openChartSvg(page: Page, region: Locator) {
  await region.getByRole('button', { name: 'Choose export format' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'SVG' }).click(),
  ]);
  await page.setContent(fs.readFileSync(await download.path(), 'utf8'));
}

/** The boxes of the elements of the open SVG that `selector` finds. */
export const svgBoxes = (page: Page, selector: string): Promise<Box[]> =>
  page.locator(selector).evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return {
        text: el.textContent ?? '',
        left: r.left,
        right: r.right,
        top: r.top,
        bottom: r.bottom,
      };
    }),
  );

/** The value axis's numbers, at the left of the plot: none may be drawn over another. */
export function overlappingAxisLabels(texts: Box[]) {
  const labels = texts.filter((t) => /^\d+$/.test(t.text) && t.right < 80);
  const overlaps = labels.flatMap((a, i) =>
    labels
      .slice(i + 1)
      .filter((b) => overlap(a, b))
      .map((b) => `${a.text} over ${b.text}`),
  );
  return { labels, overlaps };
}
