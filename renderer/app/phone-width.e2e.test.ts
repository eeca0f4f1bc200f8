import type { Page } from 'playwright-core';
import { chooseOrganization, loginAs, screenshot, setUpBrowserTests } from '../../testing/browser';
import type { ApiClient } from '../../testing/http';
import { DRIFT_LINE } from '../../server/demo/demo-monitoring';

/**
 * Every screen on a phone (issue 44, point 5): at 360 px no screen scrolls sideways, and what a
 * screen is for (its heading, its main figure) is in view without it. This is the accessibility
 * walk's phone-width step (WCAG 1.4.10 Reflow); the other steps are accessibility.e2e.test.ts.
 */
const e2e = setUpBrowserTests({ demo: 'full' });

const PHONE = { width: 360, height: 740 };

type Who = 'staff' | 'member';

interface Screen {
  path: string;
  only?: Who;
  /** The screen's main figure besides its heading, to be in view at the phone's width. */
  figure?: (page: Page) => ReturnType<Page['locator']>;
}

interface Ids {
  hospital: number;
  record: number;
  line: number;
  monitored: number;
  validation: number;
  hemolysis: number;
  member: number;
  contract: number;
  comparisonStudy: number;
}

const rejectionHeader = (page: Page) =>
  page.getByRole('grid', { name: 'Transit records' }).getByRole('columnheader', {
    name: 'Rejection',
  });

/** Every screen of router.tsx with the demo's own records, lines and data sets in its path. */
function screens(ids: Ids): Screen[] {
  return [
    {
      path: '/dashboard',
      figure: (page) =>
        page.getByRole('region', { name: 'Records to Review' }).getByText('To review'),
    },
    { path: '/account' },
    { path: '/settings' },
    { path: '/records', figure: rejectionHeader },
    { path: '/records/to-review', figure: rejectionHeader },
    { path: `/record/${ids.record}` },
    { path: '/labels' },
    { path: '/lines' },
    { path: '/lines/graph' },
    { path: '/line/compare' },
    { path: `/line/${ids.line}/summary` },
    {
      path: `/line/${ids.monitored}/monitoring`,
      figure: (page) => page.getByTestId('line-monitoring-chart'),
    },
    { path: `/line/${ids.line}/records` },
    { path: `/line/${ids.line}/validations` },
    { path: `/line/${ids.line}/outcomes` },
    { path: `/line/${ids.line}/settings` },
    { path: `/line/${ids.line}/records/compare` },
    { path: '/events' },
    { path: '/validations' },
    { path: '/validation/new' },
    { path: `/validation/${ids.validation}` },
    { path: `/validation/${ids.validation}/edit` },
    { path: '/reports' },
    { path: '/clinical-data' },
    { path: '/clinical-data/graph' },
    { path: '/comparison-studies' },
    { path: '/comparison-studies/new' },
    { path: `/comparison-studies/${ids.comparisonStudy}` },
    { path: '/hemolysis-index' },
    { path: `/hemolysis-index-data/${ids.hemolysis}` },
    { path: `/hemolysis-index-data/${ids.hemolysis}/settings` },
    { path: '/rejection-insights' },
    { path: '/lab-feed' },
    { path: '/lab-feed/needs-mapping' },
    { path: '/lab-feed/mappings' },
    { path: '/lab-feed/messages' },
    { path: '/benchmarks' },
    { path: '/benchmarks/overview', only: 'staff' },
    { path: `/organization/${ids.hospital}/benchmarking`, only: 'staff' },
    { path: '/support/contact', only: 'member' },
    { path: `/users/edit/${ids.member}` },
    { path: '/organizations', only: 'staff' },
    { path: `/organization/${ids.hospital}/settings`, only: 'staff' },
    { path: `/organization/${ids.hospital}/users`, only: 'staff' },
    { path: `/organization/${ids.hospital}/uploads`, only: 'staff' },
    { path: `/organization/${ids.hospital}/sign-on`, only: 'staff' },
    { path: '/users', only: 'staff' },
    { path: '/users/create', only: 'staff' },
    { path: '/contracts', only: 'staff' },
    { path: '/contracts/add', only: 'staff' },
    { path: `/contracts/${ids.contract}/edit`, only: 'staff' },
    { path: '/vials', only: 'staff' },
    { path: '/rejection-calculator', only: 'staff' },
    { path: '/audit-log', only: 'staff' },
    { path: `/history/line/${ids.line}?institute=${ids.hospital}` },
  ];
}

/** The screens before signing in (a made-up token shows what a stale e-mailed link shows). */
const PUBLIC_SCREENS: Screen[] = [
  { path: '/launch' },
  { path: '/downloads' },
  { path: '/login' },
  { path: '/reset-password' },
  { path: '/reset-password-confirm/not-a-token' },
  { path: '/Register/not-a-token' },
];

let ids: Ids;

/** A draft paired-sample study over the demo's potassium pairs on every line of the hospital. */
async function comparisonStudy(member: ApiClient, hospital: number): Promise<number> {
  const lines = (await member.get(`/v2/institutes/${hospital}/lines?size=50`)).body.items;
  const study = await member.post(`/v2/institutes/${hospital}/comparison-studies`, {
    name: 'Demo potassium',
    line_ids: lines.map((l: { id: number }) => l.id),
    date__gte: '2000-01-01',
    date__lt: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
    analytes: [
      {
        analyte: 'potassium',
        criterion: { type: 'biological_variation', cvi: 4.8, cvg: 5.6 },
        decision_levels: [3.5, 5],
      },
    ],
  });
  expect(study.status).toBe(201);
  return study.body.id;
}

const firstId = async (client: ApiClient, path: string): Promise<number> =>
  (await client.get(path)).body.items[0].id;

beforeAll(async () => {
  const staff = await e2e.server.login('staff@example.org');
  const member = await e2e.server.login('member@example.org');
  const account = (await member.get('/v2/auth/account')).body;
  const hospital = account.default_institute;
  const contract = await staff.post('/v2/contracts', {
    title: 'Annual service',
    institute: hospital,
    start_date: '2025-01-06',
    end_date: null,
  });
  const lines: { id: number; name: string }[] = (
    await member.get(`/v2/institutes/${hospital}/lines?size=50`)
  ).body.items;
  ids = {
    hospital,
    record: await firstId(member, `/v2/institutes/${hospital}/records?size=1`),
    line: lines[0].id,
    monitored: lines.find((l) => l.name === DRIFT_LINE)!.id,
    validation: await firstId(member, `/v2/institutes/${hospital}/validations`),
    hemolysis: await firstId(member, `/v2/institutes/${hospital}/hemolysis-index-data`),
    member: account.id,
    contract: contract.body.id,
    comparisonStudy: await comparisonStudy(member, hospital),
  };
});

/** What does not fit the phone on the screen now: the page's width, an element out of view. */
async function misfits(page: Page, screen: Screen): Promise<string[]> {
  const found: string[] = [];
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  if (width > PHONE.width) {
    // The widest elements that reach past the screen's right edge, to say what to fix.
    const culprits = await page.evaluate((edge) => {
      const past = (el: Element) => el.getBoundingClientRect().right > edge + 0.5;
      // Whatever a container clips (a scroller of its own, as the main tabs) is not the page's.
      const clipped = (el: Element) => {
        for (let up = el.parentElement; up && up !== document.body; up = up.parentElement)
          if (getComputedStyle(up).overflowX !== 'visible') return true;
        return false;
      };
      const out: string[] = [];
      for (const el of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
        if (!past(el) || el.getBoundingClientRect().width === 0 || clipped(el)) continue;
        // Only the innermost that is still too wide: where the overflow comes from.
        if (Array.from(el.children).some((child) => past(child))) continue;
        const name = el.getAttribute('aria-label') ?? el.className.toString().split(' ')[0];
        const right = Math.round(el.getBoundingClientRect().right);
        out.push(
          `${el.tagName.toLowerCase()}.${name} "${(el.textContent ?? '').slice(0, 30)}" (${right} px)`,
        );
      }
      return out.slice(0, 3);
    }, PHONE.width);
    found.push(`${screen.path}: ${width} px wide (${culprits.join(', ')})`);
  }
  const inView = async (what: string, locator: ReturnType<Page['locator']>) => {
    const box = await locator.boundingBox().catch(() => null);
    if (!box) found.push(`${screen.path}: no ${what}`);
    else if (box.x < -0.5 || box.x + Math.min(box.width, 24) > PHONE.width + 0.5)
      found.push(`${screen.path}: ${what} at ${Math.round(box.x)} px, out of view`);
  };
  await inView('heading', page.getByRole('heading', { level: 1 }).first());
  if (screen.figure) await inView('main figure', screen.figure(page).first());
  return found;
}

/** Visits each screen at the phone's width; answers what did not fit. */
async function walk(page: Page, list: Screen[]): Promise<string[]> {
  const found: string[] = [];
  for (const screen of list) {
    await page.goto(screen.path);
    // A screen is judged once it has what it asked for: its data decide its width.
    await page.waitForLoadState('networkidle');
    found.push(...(await misfits(page, screen)));
  }
  return found;
}

/** Boxes of the children of each item of a list that overlap one another. */
async function overlapsIn(page: Page, list: ReturnType<Page['locator']>): Promise<string[]> {
  const handle = await list.elementHandle();
  return page.evaluate((el) => {
    const boxes = Array.from(el!.querySelectorAll<HTMLElement>(':scope > li > *')).map((child) => ({
      text: child.textContent ?? '',
      box: child.getBoundingClientRect(),
    }));
    const out: string[] = [];
    boxes.forEach((a, i) =>
      boxes.slice(i + 1).forEach((b) => {
        const x = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
        const y = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
        if (x > 0.5 && y > 0.5) out.push(`"${a.text}" overlaps "${b.text}"`);
      }),
    );
    return out;
  }, handle);
}

const WALK_TIMEOUT_MS = 600_000;

describe('accessibility walk: phone width (360 px)', () => {
  beforeEach(() => e2e.page.setViewportSize(PHONE));

  it(
    'fits every public screen without scrolling sideways',
    async () => {
      expect(await walk(e2e.page, PUBLIC_SCREENS)).toEqual([]);
    },
    WALK_TIMEOUT_MS,
  );

  it.each<Who>(['member', 'staff'])(
    'fits every screen without scrolling sideways, its heading and figure in view, as %s',
    async (who) => {
      const { page } = e2e;
      await loginAs(page, `${who}@example.org`);
      if (who === 'staff') await chooseOrganization(page, 'Northfield General Hospital');
      // The staff walk visits what only staff see: the member's walk has seen the rest.
      const list = screens(ids).filter((s) =>
        who === 'staff' ? s.only === 'staff' : s.only !== 'staff',
      );
      expect(await walk(page, list)).toEqual([]);
    },
    WALK_TIMEOUT_MS,
  );

  it('shows the dashboard lists without overlaps, and the heat map without empty months', async () => {
    const { page } = e2e;
    await loginAs(page, 'member@example.org');
    await page.goto('/dashboard');
    const review = page.getByRole('region', { name: 'Records to Review' }).getByRole('list');
    const events = page.getByRole('list', { name: 'Newest open events' });
    await review.getByRole('link').first().waitFor();
    await events.getByRole('link').first().waitFor();
    expect([...(await overlapsIn(page, review)), ...(await overlapsIn(page, events))]).toEqual([]);

    // The months the heat map shows in view: each has records (the demo's six months of them).
    const map = page.getByTestId('activity-heat-map');
    await map.locator('rect[data-day]').first().waitFor();
    const months = await map.evaluate((svg) => {
      const view = svg.closest('section')!.getBoundingClientRect();
      const shown = new Map<string, boolean>();
      for (const rect of Array.from(svg.querySelectorAll('rect[data-day]'))) {
        const box = rect.getBoundingClientRect();
        if (box.left < view.left || box.right > view.right) continue;
        const month = rect.getAttribute('data-day')!.slice(0, 7);
        shown.set(month, (shown.get(month) ?? false) || rect.getAttribute('fill') !== '#EBEEF0');
      }
      return [...shown.entries()];
    });
    expect(months.length).toBeGreaterThan(0);
    expect(months.filter(([, active]) => !active).map(([month]) => month)).toEqual([]);
    await screenshot(page, 'phone-dashboard');
  });

  it('shows the rejection of each record on /records', async () => {
    const { page } = e2e;
    await loginAs(page, 'member@example.org');
    await page.goto('/records');
    const grid = page.getByRole('grid', { name: 'Transit records' });
    await grid.getByRole('row').nth(1).waitFor();
    const header = await rejectionHeader(page).boundingBox();
    expect(header).not.toBeNull();
    expect(header!.x + header!.width).toBeLessThanOrEqual(PHONE.width);
    // Each row's rejection in view, not only its column's header.
    const cell = await grid
      .getByRole('row')
      .nth(1)
      .locator('[data-field="rejection"]')
      .boundingBox();
    expect(cell!.x + cell!.width).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'phone-records');
  });
});
