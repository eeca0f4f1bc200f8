import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DOWNLOADS_MESSAGES } from '../../../shared/api/downloads';
import { screenshot, setUpBrowserTests } from '../../../testing/browser';

/** A DESKTOP_DOWNLOADS_DIR as `npm run dist` leaves it, with a file that is no installer. */
function releaseFolder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vialqc-release-'));
  fs.writeFileSync(path.join(dir, 'VialQC-1.4.0.AppImage'), 'linux app');
  fs.writeFileSync(path.join(dir, 'VialQC Setup 1.4.0.exe'), 'windows installer');
  fs.writeFileSync(path.join(dir, 'VialQC-1.3.2.dmg'), 'mac app');
  fs.writeFileSync(path.join(dir, 'latest.yml'), 'version: 1.4.0');
  return dir;
}

describe('with DESKTOP_DOWNLOADS_DIR', () => {
  const e2e = setUpBrowserTests({ desktopDownloads: { dir: releaseFolder(), url: undefined } });

  it('/launch leads to the installers, listed with platform and version, and one downloads', async () => {
    const { page } = e2e;
    await page.goto('/launch');
    await page.getByRole('link', { name: 'Download the desktop app' }).click();
    await page.waitForURL((url) => url.pathname === '/downloads');
    const list = page.getByRole('list', { name: 'Desktop installers' });
    const items = list.getByRole('listitem');
    await items.first().waitFor();
    expect(await items.allInnerTexts()).toEqual([
      expect.stringMatching(
        /Linux \(AppImage\)\s+Version 1\.4\.0 · 0 kB · VialQC-1\.4\.0\.AppImage/,
      ),
      expect.stringMatching(/Windows \(exe\)\s+Version 1\.4\.0 · 0 kB · VialQC Setup 1\.4\.0\.exe/),
      expect.stringMatching(/macOS \(dmg\)\s+Version 1\.3\.2 · 0 kB · VialQC-1\.3\.2\.dmg/),
    ]);
    await screenshot(page, 'downloads');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download VialQC Setup 1.4.0.exe' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('VialQC Setup 1.4.0.exe');
    expect(fs.readFileSync(await download.path(), 'utf8')).toBe('windows installer');
  });
});

describe('with nothing configured', () => {
  const e2e = setUpBrowserTests({ desktopDownloads: { dir: undefined, url: undefined } });

  it('says that no downloads are configured', async () => {
    await e2e.page.goto('/downloads');
    await e2e.page.getByText(DOWNLOADS_MESSAGES.notConfigured).waitFor();
    expect(await e2e.page.getByRole('list', { name: 'Desktop installers' }).count()).toBe(0);
  });
});
