import type { Page } from 'playwright-core';
import { axeFindings, prepareAxe, type AxeFinding } from '../../testing/axe';
import { chooseOrganization, loginAs, setUpBrowserTests } from '../../testing/browser';
import type { ApiClient } from '../../testing/http';
import { pressUntil } from '../../testing/keyboard';

// The full demo: lines, records to review and reviewed, validations, clinical and hemolysis data.
const e2e = setUpBrowserTests({ demo: 'full' });

type Who = 'staff' | 'member';

/** Something a screen opens over itself: a menu, a dialog, a panel. */
interface Opener {
  name: string;
  /** Who sees what opens it; everyone when not given. */
  only?: Who;
  open: (page: Page) => Promise<void>;
}

interface Screen {
  path: string;
  only?: Who;
  openers?: Opener[];
}

const dialogFrom = (button: string | RegExp, only?: Who): Opener => ({
  name: `${String(button)} dialog`,
  only,
  open: async (page) => {
    await page.getByRole('button', { name: button }).first().click();
    await page.getByRole('dialog').waitFor();
  },
});

/** The top bar's menus and panels, opened on the dashboard. */
const TOP_BAR: Opener[] = [
  {
    name: 'organization selector',
    open: async (page) => {
      const selector = page.getByRole('combobox', { name: 'Organization' });
      // A member of one organization has nothing to choose: the selector is read-only.
      if (await selector.isEditable()) {
        await selector.click();
        await page.getByRole('listbox').waitFor();
      }
    },
  },
  {
    name: 'settings menu',
    open: async (page) => {
      await page.getByRole('button', { name: 'Settings menu' }).click();
      await page.getByRole('menu').waitFor();
    },
  },
  {
    name: 'notifications panel',
    open: async (page) => {
      await page.getByRole('button', { name: /^Notifications/ }).click();
      const panel = page.getByRole('dialog', { name: 'Notifications' });
      await panel.getByRole('list', { name: 'Newest notifications' }).waitFor();
    },
  },
  dialogFrom('Help'),
  dialogFrom('Feature flag overrides', 'staff'),
  {
    name: 'vials panel',
    open: async (page) => {
      await page.getByRole('button', { name: 'Vials', exact: true }).click();
      await page.getByRole('complementary', { name: 'Vials' }).waitFor();
    },
  },
];

/** Every screen of router.tsx with the demo's own records, lines and data sets in its path. */
function screens(ids: Ids): Screen[] {
  return [
    {
      path: '/dashboard',
      openers: [
        ...TOP_BAR,
        {
          // The dashboard's panel of open events, with the event opened for the walk (issue 44).
          name: 'open events panel',
          open: async (page) => {
            await page.getByRole('list', { name: 'Newest open events' }).waitFor();
          },
        },
      ],
    },
    {
      path: '/account',
      openers: [
        {
          name: 'notification e-mail choices',
          open: async (page) => {
            await page.getByRole('combobox', { name: 'E-mail: A monitoring event opens' }).click();
            await page.getByRole('listbox').waitFor();
          },
        },
      ],
    },
    { path: '/settings', openers: [dialogFrom('Add User', 'staff')] },
    {
      path: '/records',
      openers: [
        {
          name: 'filter panel',
          open: async (page) => {
            await page.getByRole('button', { name: 'Show Filters' }).click();
            await page.getByRole('button', { name: 'Hide Filters' }).waitFor();
          },
        },
      ],
    },
    {
      path: '/records/to-review',
      openers: [
        {
          name: 'review panel',
          open: async (page) => {
            await page
              .getByRole('row')
              .nth(1)
              .getByRole('button', { name: /^Review / })
              .click();
            await page.getByRole('complementary', { name: 'Record review' }).waitFor();
          },
        },
      ],
    },
    { path: `/record/${ids.record}` },
    { path: '/labels', openers: [dialogFrom('Create Label')] },
    { path: '/lines', openers: [dialogFrom(/^Add (Line|Route)$/)] },
    { path: '/lines/graph' },
    { path: '/line/compare' },
    { path: `/line/${ids.line}/summary` },
    { path: `/line/${ids.line}/monitoring` },
    { path: `/line/${ids.line}/records` },
    { path: `/line/${ids.line}/validations` },
    { path: `/line/${ids.line}/outcomes` },
    { path: `/line/${ids.line}/settings` },
    { path: `/line/${ids.line}/records/compare` },
    { path: '/events', openers: [dialogFrom(/^Close 2_2s/)] },
    { path: '/validations' },
    { path: '/validation/new' },
    { path: `/validation/${ids.validation}` },
    { path: `/validation/${ids.validation}/edit` },
    { path: '/reports', openers: [dialogFrom('Upload Report', 'staff')] },
    { path: '/clinical-data', openers: [dialogFrom('Add Clinical Data')] },
    { path: '/clinical-data/graph' },
    { path: '/comparison-studies' },
    { path: '/comparison-studies/new' },
    {
      path: `/comparison-studies/${ids.comparisonStudy}`,
      openers: [
        {
          name: 'Exclude Pair dialog',
          open: async (page) => {
            await page
              .getByRole('grid', { name: 'Pairs of Potassium' })
              .getByRole('button', { name: /^Exclude/ })
              .first()
              .click();
            await page.getByRole('dialog', { name: 'Exclude Pair' }).waitFor();
          },
        },
      ],
    },
    { path: '/hemolysis-index', openers: [dialogFrom('Add Hemolysis Data')] },
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
    { path: '/organizations', only: 'staff', openers: [dialogFrom('Add Organization')] },
    { path: `/organization/${ids.hospital}/settings`, only: 'staff' },
    { path: `/organization/${ids.hospital}/users`, only: 'staff' },
    { path: `/organization/${ids.hospital}/uploads`, only: 'staff' },
    { path: '/users', only: 'staff' },
    { path: '/users/create', only: 'staff' },
    { path: '/contracts', only: 'staff' },
    { path: '/contracts/add', only: 'staff' },
    { path: `/contracts/${ids.contract}/edit`, only: 'staff' },
    { path: '/vials', only: 'staff', openers: [dialogFrom('Create Vial')] },
    { path: '/rejection-calculator', only: 'staff' },
    { path: '/audit-log', only: 'staff' },
    {
      path: `/line/${ids.line}/summary`,
      openers: [
        {
          name: 'History panel',
          open: async (page) => {
            await page.getByRole('button', { name: 'History' }).click();
            await page.getByRole('list', { name: 'History entries' }).waitFor();
          },
        },
      ],
    },
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

interface Ids {
  hospital: number;
  record: number;
  line: number;
  validation: number;
  hemolysis: number;
  member: number;
  contract: number;
  comparisonStudy: number;
}

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
  ids = {
    hospital,
    record: await firstId(member, `/v2/institutes/${hospital}/records?size=1`),
    line: await firstId(member, `/v2/institutes/${hospital}/lines`),
    validation: await firstId(member, `/v2/institutes/${hospital}/validations`),
    hemolysis: await firstId(member, `/v2/institutes/${hospital}/hemolysis-index-data`),
    member: account.id,
    contract: contract.body.id,
    comparisonStudy: await comparisonStudy(member, hospital),
  };
  // An open event on the demo's line: the dashboard's panel of open events and the events page
  // list it, with its Acknowledge and Close.
  await e2e.server.ctx.db.query(
    `INSERT INTO monitoring_events (line_id, rule, side, first_record_id, last_record_id, opened_at)
     SELECT line_id, '2_2s', 'above', id, id, now() - interval '1 hour'
     FROM records WHERE line_id = $1 ORDER BY id DESC LIMIT 1`,
    [ids.line],
  );
  // A read and an unread notification for each: the bell's badge and both marks in its panel.
  await e2e.server.ctx.db.query(
    `INSERT INTO notifications (user_id, institute_id, kind, title, link, created_at, read_at)
     SELECT u.id, $1, n.kind, n.title, '/lines', now() - n.age, n.read_at
     FROM users u, (VALUES
       ('event_opened', 'Line 1: 2_2s alarm', interval '5 minutes', NULL::timestamptz),
       ('validation_ready', 'Validation ready', interval '2 days', now())
     ) AS n(kind, title, age, read_at)
     WHERE u.email IN ('staff@example.org', 'member@example.org')`,
    [hospital],
  );
});

const findingLine = (who: string, screen: string, f: AxeFinding) =>
  `${who} ${screen}: ${f.rule} (${f.impact}) at ${f.target}: ${f.summary}`;

/** Visits each screen, then each of its openers on a fresh load; answers every finding. */
async function walk(page: Page, who: string, list: Screen[]): Promise<string[]> {
  const found: string[] = [];
  const check = async (where: string) => {
    try {
      found.push(...(await axeFindings(page)).map((f) => findingLine(who, where, f)));
    } catch (error) {
      throw new Error(`${who} ${where}: ${String(error)}`);
    }
  };
  // A screen is judged, or opened over, once it has what it asked for: a click while it still
  // loads can land on a control that the arriving data then replaces.
  const visit = async (path: string) => {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  };
  for (const screen of list) {
    await visit(screen.path);
    await check(screen.path);
    for (const opener of screen.openers ?? []) {
      if (opener.only && opener.only !== who) continue;
      const where = `${screen.path} + ${opener.name}`;
      await visit(screen.path);
      await opener.open(page).catch((error: unknown) => {
        throw new Error(`${who} ${where}: ${String(error)}`);
      });
      await check(where);
    }
  }
  return found;
}

// Each walk visits some forty screens and their dialogs on a busy machine.
const WALK_TIMEOUT_MS = 600_000;

it(
  'finds no WCAG 2.1 A/AA violation on the public screens',
  async () => {
    await prepareAxe(e2e.page);
    expect(await walk(e2e.page, 'anyone', PUBLIC_SCREENS)).toEqual([]);
  },
  WALK_TIMEOUT_MS,
);

it.each<Who>(['staff', 'member'])(
  'finds no WCAG 2.1 A/AA violation on any screen, menu or dialog as %s',
  async (who) => {
    await prepareAxe(e2e.page);
    await loginAs(e2e.page, `${who}@example.org`);
    if (who === 'staff') await chooseOrganization(e2e.page, 'Northfield General Hospital');
    const list = screens(ids).filter((s) => !s.only || s.only === who);
    expect(await walk(e2e.page, who, list)).toEqual([]);
  },
  WALK_TIMEOUT_MS,
);

it('reviews by keyboard alone: dashboard, a record, its review, the next record, back to the list', async () => {
  const { page } = e2e;
  await loginAs(page, 'member@example.org');
  const queue = page.getByRole('region', { name: 'Records to Review' });
  await queue
    .getByRole('link', { name: / · Vial / })
    .first()
    .waitFor();
  // The dashboard's queue: its first record is a link.
  await pressUntil(
    page,
    'Tab',
    (f) => f.role === 'link' && f.within.includes('Records to Review') && / · Vial /.test(f.name),
  );
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/record\/\d+$/);
  const first = page.url();
  // The record's page starts at its heading; its way back and its neighbours come just before.
  await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
  // Its neighbours are links once the queue around it has arrived.
  await page
    .getByRole('navigation', { name: 'Records' })
    .locator('a:not([aria-disabled="true"])', { hasText: 'Next record' })
    .waitFor();
  // The review panel is drawn in a deferred pass after the record's first paint (record.tsx):
  // the walk below tabs through the page as it is once the panel is there.
  await page.getByRole('button', { name: 'Review', exact: true }).waitFor();
  await pressUntil(page, 'Shift+Tab', (f) => f.name === 'Next record', 3);
  await pressUntil(page, 'Tab', (f) => f.role === 'button' && f.name === 'Review');
  await page.keyboard.press('Enter');
  // Reviewed: the next record of the queue, its heading holding the focus.
  await page.waitForURL((url) => /\/record\/\d+$/.test(url.pathname) && url.href !== first);
  await page.waitForFunction(
    () =>
      document.activeElement?.tagName === 'H1' &&
      document.activeElement.textContent === 'Transit Record',
  );
  // Back to the list in three Shift+Tabs at most, and its heading has the focus.
  await pressUntil(page, 'Shift+Tab', (f) => f.name === 'Back to Records to Review', 3);
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/records\/to-review/);
  await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
});
