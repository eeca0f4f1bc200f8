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

it.each(['member@example.org', 'staff@example.org'])(
  'fits the top bar of %s on a 360 px phone: no sideways scrolling, every button and the organization in view',
  async (email) => {
    await e2e.page.setViewportSize({ width: 360, height: 740 });
    await loginAs(e2e.page, email);
    await e2e.page.goto('/records');
    const settings = e2e.page.getByRole('button', { name: 'Settings menu' });
    await settings.waitFor({ timeout: 30_000 });
    await e2e.page.waitForLoadState('networkidle');
    await screenshot(e2e.page, `top-bar-360-${email.split('@')[0]}`);

    const innerWidth = await e2e.page.evaluate(() => window.innerWidth);
    expect(await e2e.page.evaluate(() => document.scrollingElement!.scrollWidth)).toBe(innerWidth);
    const bar = e2e.page.getByRole('banner');
    for (const button of await bar.getByRole('button').all()) {
      const box = await button.boundingBox();
      if (!box) continue; // Back: the phone's own
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(innerWidth);
    }
    // The organization has a row of its own (beside staff's Exclude archived), its name readable
    // (the field was squeezed to nothing between the buttons).
    const organization = (await bar.getByRole('combobox', { name: 'Organization' }).boundingBox())!;
    expect(organization.width).toBeGreaterThanOrEqual(100);
    expect(organization.x + organization.width).toBeLessThanOrEqual(innerWidth);
  },
);
