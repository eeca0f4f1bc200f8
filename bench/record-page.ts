import fs from 'node:fs';
import { loadConfig } from '../server/config';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { launchBrowser, loginAs, newPage } from '../testing/browser';
import { runForm, waitProcessed } from '../testing/records';
import { percentile, timed, type Figure, type Skipped } from './timing';
import { oneHourRun, registerBenchVial, startBenchServer } from './bench-server';

const VIAL_UUID = '5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9';
const ROUNDS = 7;

/**
 * The record page of a one-hour 1 kHz run in Chromium until its acceleration chart is drawn (its
 * first visit: nothing of the record in the browser's cache), against showing /account, both
 * loaded alike and alternately, so both see the same load; medians. Needs the built renderer.
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
    /** Opens `url` in a fresh signed-in tab (the app's files cached, nothing of the record) until `shown`. */
    const show = async (url: string, shown: (page: Page) => Locator) => {
      const page = await newPage(browser, server.url);
      try {
        page.setDefaultTimeout(60_000);
        await loginAs(page, 'member@example.org');
        const [, ms] = await timed(async () => {
          await page.goto(url);
          await shown(page).waitFor();
          await page.evaluate(() => new Promise((drawn) => requestAnimationFrame(drawn)));
        });
        return ms;
      } finally {
        await page.context().close();
      }
    };
    const account = () =>
      show('/account', (page) => page.getByRole('heading', { name: 'Change Password' }));
    const record = () =>
      show(`/record/${id}`, (page) =>
        page
          .getByRole('region', { name: 'Raw Acceleration' })
          .getByRole('img', { name: 'Raw Acceleration' })
          .locator('canvas')
          .first(),
      );
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
      note: `medians of ${ROUNDS} first visits each, alternately, each in a fresh signed-in tab`,
    };
  } finally {
    await browser.close();
    await bench.stop();
  }
}
