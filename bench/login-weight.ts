import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../server/config';
import { launchBrowser, newPage } from '../testing/browser';
import { startBenchServer } from './bench-server';
import type { Figure, Skipped } from './timing';

/** The budget for /login in a cold cache, compressed on the wire. */
const BUDGET_KIB = 300;

/**
 * What a browser downloads for /login with an empty cache until the form is shown: the sum of
 * the bodies as they came over the wire (compressed where the server compressed them), against
 * the budget. Needs the built renderer.
 */
export async function benchLoginWeight(): Promise<Figure | Skipped> {
  const name = '/login, cold cache: bytes downloaded';
  const rendererDir = loadConfig({}).rendererDir;
  if (!fs.existsSync(path.join(rendererDir, 'index.html'))) {
    return { name, note: `no renderer build in ${rendererDir}: run 'npm run build:renderer'` };
  }
  const bench = await startBenchServer('login', { rendererDir: () => rendererDir });
  const browser = await launchBrowser();
  try {
    console.log('/login in Chromium, cold cache');
    const page = await newPage(browser, bench.server.url);
    const responses: Promise<{ bytes: number; encoding: string }>[] = [];
    page.on('requestfinished', (request) =>
      responses.push(
        Promise.all([request.sizes(), request.response()]).then(([size, response]) => ({
          // A second request for a file the page holds already (the icon) reports a negative size.
          bytes: Math.max(0, size.responseBodySize),
          encoding: response?.headers()['content-encoding'] ?? 'none',
        })),
      ),
    );
    await page.goto('/login', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Log In' }).waitFor();
    const received = await Promise.all(responses);
    const bytes = received.reduce((sum, response) => sum + response.bytes, 0);
    const encodings = new Map<string, number>();
    for (const { encoding } of received)
      encodings.set(encoding, (encodings.get(encoding) ?? 0) + 1);
    const byEncoding = [...encodings].map(([encoding, count]) => `${count} ${encoding}`);
    await page.context().close();
    return {
      name,
      product: bytes / 1024,
      baseline: BUDGET_KIB,
      baselineName: 'the budget',
      unit: 'KiB',
      target: 1,
      note: `${received.length} responses (${byEncoding.join(', ')}), bodies as sent, an empty cache`,
    };
  } finally {
    await browser.close();
    await bench.stop();
  }
}
