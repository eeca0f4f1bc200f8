import { loginAs, screenshot, setUpBrowserTests } from '../../../testing/browser';

const e2e = setUpBrowserTests({ demo: 'full' });

it.each(['/dashboard', '/records', '/lines'])(
  'fits the staff top bar in an 800 px window on %s: no sideways scrolling, settings in view',
  async (path) => {
    await e2e.page.setViewportSize({ width: 800, height: 700 });
    await loginAs(e2e.page, 'staff@example.org');
    await e2e.page.goto(path);
    const settings = e2e.page.getByRole('button', { name: 'Settings menu' });
    await settings.waitFor({ timeout: 30_000 });
    await e2e.page.getByRole('tablist', { name: 'Main sections' }).waitFor();
    await e2e.page.waitForLoadState('networkidle');
    await screenshot(e2e.page, `top-bar-800${path.replace('/', '-')}`);

    const { scrollWidth, innerWidth } = await e2e.page.evaluate(() => ({
      scrollWidth: document.scrollingElement!.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    const box = (await settings.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(innerWidth);
  },
);
