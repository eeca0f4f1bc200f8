import type { DesktopDownloads } from '../../../shared/api/downloads';
import type { DesktopDownloadsConfig, Installer } from '../../domain/downloads/service';

/** The folder's installers (served here) when a folder is configured, else the URL, else none. */
export function presentDownloads(
  config: DesktopDownloadsConfig,
  installers: Installer[],
): DesktopDownloads {
  const source = config.dir ? 'folder' : config.url ? 'url' : 'none';
  return {
    source,
    url: source === 'url' ? config.url! : null,
    items: installers.map((i) => ({
      file_name: i.fileName,
      platform: i.platform,
      format: i.format,
      version: i.version,
      size_bytes: i.sizeBytes,
      url: `/v2/downloads/${encodeURIComponent(i.fileName)}`,
    })),
  };
}
