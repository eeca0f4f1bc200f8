import fs from 'node:fs/promises';
import path from 'node:path';
import type { DesktopPlatform } from '../../../shared/api/downloads';
import { notFound } from '../errors';

/** Where the desktop installers come from (DESKTOP_DOWNLOADS_DIR or DESKTOP_DOWNLOADS_URL). */
export interface DesktopDownloadsConfig {
  dir: string | undefined;
  url: string | undefined;
}

/** An installer file of the configured folder. */
export interface Installer {
  fileName: string;
  platform: DesktopPlatform;
  format: string;
  version: string | null;
  sizeBytes: number;
}

/** Installer formats by file extension; other files in the folder (checksums, blockmaps) are not offered. */
const FORMATS: Record<string, { platform: DesktopPlatform; format: string }> = {
  '.appimage': { platform: 'linux', format: 'AppImage' },
  '.deb': { platform: 'linux', format: 'deb' },
  '.rpm': { platform: 'linux', format: 'rpm' },
  '.exe': { platform: 'windows', format: 'exe' },
  '.msi': { platform: 'windows', format: 'msi' },
  '.dmg': { platform: 'macos', format: 'dmg' },
  '.pkg': { platform: 'macos', format: 'pkg' },
};

/** electron-builder names its artifacts with the version: `VialQC Setup 1.4.0.exe`, `vialqc_1.4.0_amd64.deb`. */
const VERSION = /(\d+\.\d+\.\d+(?:-(?:alpha|beta|rc)(?:\.\d+)?)?)/;

const versionParts = (v: string | null) => (v ?? '').split(/[.-]/).map((p) => Number(p) || 0);

/** Newest version first; then by platform, format and file name, so the list reads the same every time. */
function newestFirst(a: Installer, b: Installer): number {
  const [va, vb] = [versionParts(a.version), versionParts(b.version)];
  for (let i = 0; i < Math.max(va.length, vb.length); i += 1) {
    if ((va[i] ?? 0) !== (vb[i] ?? 0)) return (vb[i] ?? 0) - (va[i] ?? 0);
  }
  return (
    a.platform.localeCompare(b.platform) ||
    a.format.localeCompare(b.format) ||
    a.fileName.localeCompare(b.fileName)
  );
}

/** The installers in the folder (none when it is missing or unreadable), newest first. */
export async function listInstallers(dir: string): Promise<Installer[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
  const installers: Installer[] = [];
  for (const entry of entries) {
    const known = FORMATS[path.extname(entry.name).toLowerCase()];
    if (!entry.isFile() || !known) continue;
    const { size } = await fs.stat(path.join(dir, entry.name));
    const version = VERSION.exec(entry.name)?.[1] ?? null;
    installers.push({ fileName: entry.name, ...known, version, sizeBytes: size });
  }
  return installers.sort(newestFirst);
}

/**
 * The path of one installer of the folder, by its listed name only: a name that is not an
 * installer listed there (another file, `..`, a sub-folder) is 404.
 */
export async function installerPath(
  config: DesktopDownloadsConfig,
  fileName: string,
): Promise<string> {
  const listed = config.dir && (await listInstallers(config.dir));
  if (!listed || !listed.some((i) => i.fileName === fileName)) {
    throw notFound('No such installer.');
  }
  return path.join(config.dir!, fileName);
}
