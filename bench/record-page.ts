import fs from 'node:fs';
import { loadConfig } from '../server/config';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser, loginAs, newPage } from '../testing/browser';
import { runForm, waitProcessed } from '../testing/records';
import { percentile, timed, type Figure, type Skipped } from './timing';
import { oneHourRun, registerBenchVial, startBenchServer } from './bench-server';

const VIAL_UUID = '5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9';
const ROUNDS = 5;

/**
 * True once the record page's Raw Acceleration chart has pixels on its canvas down the middle
 * of the plot, where its line crosses: drawn, not merely mounted (an empty canvas comes first).
 */
function accelerationDrawn(): boolean {
  const canvas = document.querySelector<HTMLCanvasElement>(
    'section[aria-label="Raw Acceleration"] [role="img"] canvas',
  );
  const context = canvas?.getContext('2d');
  if (!canvas || !context || canvas.width === 0) return false;
  const column = context.getImageData(Math.floor(canvas.width / 2), 0, 1, canvas.height).data;
  return column.some((value, i) => i % 4 === 3 && value > 0);
}

/**
 * The record page of a one-hour 1 kHz run in Chromium until its acceleration chart is drawn,
 * against showing /account, as a signed-in user moves through the app (issue 21): one tab, each
 * screen reached by the app's own navigation (a history push, as a link does) after a first
 * visit of each, so the bundle and both routes' code are loaded and the browser's cache is warm;
 * alternately, medians of 5. Needs the built renderer.
 */
export async function benchRecordPage(): Promise<Figure | Skipped> {
  const name = 'record page in Chromium: acceleration chart drawn';
  const rendererDir = loadConfig({}).rendererDir;
  if (!fs.existsSync(path.join(rendererDir, 'index.html'))) {
    return { name, note: `no renderer build in ${rendererDir}: run 'npm run build:renderer'` };
  }
  const bench = await startBenchServer('page', { rendererDir: () => rendererDir });
  const browser = await launchBrowser();
  try {
    const { server, member, hospital } = bench;
    await registerBenchVial(bench, 'VV-PAGE', VIAL_UUID);
    const bytes = oneHourRun(11, VIAL_UUID);
    const form = runForm(bytes, VIAL_UUID);
    const { id } = (await member.multipart(`/v2/institutes/${hospital}/record-upload`, form)).body;
    await waitProcessed(member, id, 120_000);

    console.log('record page in Chromium: one-hour 1 kHz run');
    const page = await newPage(browser, server.url);
    page.setDefaultTimeout(60_000);
    await loginAs(page, 'member@example.org');
    /** Goes to `url` within the app, as its links do, until `shown` and the frame after it. */
    const show = async (url: string, shown: (page: Page) => Promise<unknown>) => {
      const [, ms] = await timed(async () => {
        await page.evaluate((to) => {
          history.pushState(null, '', to);
          dispatchEvent(new PopStateEvent('popstate'));
        }, url);
        await shown(page);
        await page.evaluate(() => new Promise((drawn) => requestAnimationFrame(drawn)));
      });
      return ms;
    };
    const account = () =>
      show('/account', (page) => page.getByRole('heading', { name: 'Change Password' }).waitFor());
    const record = () => show(`/record/${id}`, (page) => page.waitForFunction(accelerationDrawn));
    // The first visit of each loads its route's code: not what a user moving through the app waits for.
    await account();
    await record();
    const times: [number[], number[]] = [[], []];
    for (let round = 0; round < ROUNDS; round++) {
      times[0].push(await account());
      times[1].push(await record());
    }
    return {
      name,
      product: percentile(times[1], 0.5),
      baseline: percentile(times[0], 0.5),
      baselineName: '/account',
      unit: 'ms',
      target: 1.5,
      note: `medians of ${ROUNDS} navigations within the app each, alternately, in one signed-in tab`,
    };
  } finally {
    await browser.close();
    await bench.stop();
  }
}
