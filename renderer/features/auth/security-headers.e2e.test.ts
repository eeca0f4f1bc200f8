import { loginAs, setUpBrowserTests } from '../../../testing/browser';
import { insertProcessedRecords, instituteIds } from '../../../testing/lines';
import { insertLine } from '../../../testing/rows';

const e2e = setUpBrowserTests();

describe('the content security policy', () => {
  it('lets the app load and draw its charts with no violation reported', async () => {
    const db = e2e.server.ctx.db;
    const { hospital } = await instituteIds(db);
    const line = await insertLine(db, hospital, { name: 'Line Csp' });
    const [record] = await insertProcessedRecords(db, hospital, line.id, [
      { auc: 80 },
      { auc: 90 },
      { auc: 95 },
    ]);

    const { page } = e2e;
    const violations: string[] = [];
    page.on('console', (msg) => {
      if (/Content Security Policy|Refused to|CSP/i.test(msg.text())) violations.push(msg.text());
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) =>
        console.error(
          `CSP violation: ${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`,
        ),
      );
    });
    const answer = await page.goto('/login');
    expect(answer?.headers()['content-security-policy']).toContain("script-src 'self'");
    await loginAs(page, 'member@example.org');
    await page.goto('/records');
    await page
      .getByRole('row', { name: /Line Csp/ })
      .first()
      .waitFor();
    await page.goto('/dashboard');
    await page.getByTestId('activity-heat-map').locator('rect').first().waitFor();
    // echarts draws the record page's trend plot: its canvas and styles are allowed too.
    await page.goto(`/record/${record}`);
    await page.getByTestId('trend-plot').locator('canvas').waitFor();
    expect(violations).toEqual([]);
  });
});
