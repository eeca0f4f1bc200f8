import { loginAs, screenshot, setUpBrowserTests } from '../../../testing/browser';
import { openChartSvg, overlap, overlappingAxisLabels, svgBoxes } from '../../../testing/chart-svg';
import { insertMonitoredLine, instituteIds } from '../../../testing/lines';

const e2e = setUpBrowserTests();
let lineId: number;

/**
 * A line with a completed baseline validation around 80 g·s (a mean of 81, an SD of about 2.6)
 * and records since: the latest on the mean and the SD lines, where their labels are drawn, and
 * one at 96 g·s, a top just above a step of the axis.
 */
beforeAll(async () => {
  const db = e2e.server.ctx.db;
  const { hospital } = await instituteIds(db);
  const { line } = await insertMonitoredLine(
    db,
    hospital,
    { line: 'Line Trend', validation: 'Trend baseline' },
    { baseline: [80, 84, 78, 82], since: [79, 83, 96, 80, 84, 81, 83.6, 86.2, 88.7] },
  );
  lineId = line.id;
});

it('draws the trend with readable axis labels, the rejection zone to the top and SD labels clear of points', async () => {
  const { page } = e2e;
  await loginAs(page, 'member@example.org');
  await page.goto(`/line/${lineId}/monitoring`);
  const chart = page.getByTestId('line-trend-plot');
  await chart.locator('canvas').first().waitFor({ timeout: 30_000 });
  await page.waitForTimeout(1000); // the entry animation, for the picture only
  await screenshot(page, 'line-trend-plot');

  // The chart as its SVG export draws it, measured in the browser.
  // The trend's own export: the Monitoring view also holds the control-rule chart.
  await openChartSvg(page, page.getByRole('region', { name: 'Trend of Line Trend' }));
  const texts = await svgBoxes(page, 'svg text');

  // The y axis: numbers stacked at the left, none over another.
  const { labels: yLabels, overlaps } = overlappingAxisLabels(texts);
  expect(yLabels.length).toBeGreaterThan(3);
  expect(overlaps).toEqual([]);

  // The rejection zone reaches the top of the plot, where the highest axis label sits.
  const top = Math.min(...yLabels.map((t) => (t.top + t.bottom) / 2));
  const zone = await svgBoxes(page, 'svg polygon[fill-opacity="0.1"]');
  expect(zone).toHaveLength(1);
  expect(zone[0].top).toBeLessThanOrEqual(top + 1);

  // No point covers a label of the mean or an SD.
  const labels = texts.filter((t) => /^(Mean \d+|[+−]\d SD)$/.test(t.text));
  expect(labels.length).toBeGreaterThanOrEqual(5);
  // The scatter's symbols: the chart's paths of a point's size (7 px).
  const points = (await svgBoxes(page, 'svg path[ecmeta_ssr_type="chart"]')).filter(
    (s) => s.right - s.left <= 9 && s.bottom - s.top <= 9,
  );
  expect(points.length).toBeGreaterThan(10);
  for (const label of labels)
    for (const p of points) expect([label.text, overlap(label, p)]).toEqual([label.text, false]);
});
