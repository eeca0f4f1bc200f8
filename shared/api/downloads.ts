import { z } from 'zod';
import { out, text } from './common';

/** The platforms the desktop installers are built for (electron-builder.yml). */
export const DESKTOP_PLATFORMS = ['linux', 'windows', 'macos'] as const;
export type DesktopPlatform = (typeof DESKTOP_PLATFORMS)[number];
export const DESKTOP_PLATFORM_NAMES: Record<DesktopPlatform, string> = {
  linux: 'Linux',
  windows: 'Windows',
  macos: 'macOS',
};

export const DOWNLOADS_MESSAGES = {
  notConfigured: 'No desktop app downloads are configured on this server. Please contact support.',
  empty: 'No desktop installers have been published yet.',
  elsewhere: 'The desktop installers are published at',
} as const;

/** One installer in the configured folder, served by this server. */
export const desktopInstaller = z.object({
  file_name: out.text(),
  platform: z.enum(DESKTOP_PLATFORMS),
  /** The package format: AppImage, deb, rpm, exe, msi, dmg, pkg. */
  format: out.text(),
  /** The app version read from the file name, or null when it names none. */
  version: out.text().nullable(),
  size_bytes: out.int(),
  /** Where to download it (this server). */
  url: out.text(),
});
export type DesktopInstaller = z.infer<typeof desktopInstaller>;

/**
 * What /downloads offers: the installers of DESKTOP_DOWNLOADS_DIR ('folder'), a link to
 * DESKTOP_DOWNLOADS_URL ('url'), or nothing ('none').
 */
export const desktopDownloads = z.object({
  source: z.enum(['folder', 'url', 'none']),
  /** DESKTOP_DOWNLOADS_URL when that is the source. */
  url: out.text().nullable(),
  items: z.array(desktopInstaller),
});
export type DesktopDownloads = z.infer<typeof desktopDownloads>;

export const installerParams = z.object({ file: text().min(1).max(255) });
