import type { Router } from 'express';
import { desktopDownloads, installerParams } from '../../../shared/api/downloads';
import type { AppContext } from '../../app-context';
import * as downloads from '../../domain/downloads/service';
import { apiRouter } from '../../http/api-router';
import { HANDLED } from '../../http/route';
import { presentDownloads } from './presenter';

/** The desktop installers of /downloads (public, as the /launch page that links there). */
export function downloadsRouter(ctx: AppContext): Router {
  const api = apiRouter(ctx, 'downloads');
  const config = ctx.config.desktopDownloads;

  api.public.get(
    '/v2/downloads',
    {
      summary:
        'The desktop installers with version and platform (DESKTOP_DOWNLOADS_DIR), a link ' +
        '(DESKTOP_DOWNLOADS_URL), or source none',
      response: desktopDownloads,
    },
    async () =>
      presentDownloads(config, config.dir ? await downloads.listInstallers(config.dir) : []),
  );
  api.public.get(
    '/v2/downloads/:file',
    {
      summary: 'One installer of DESKTOP_DOWNLOADS_DIR, as a file download',
      params: installerParams,
      // Installers of every platform, sent as bytes: the file name tells the OS what it is.
      download: ['application/octet-stream'],
    },
    async ({ params, res }) => {
      const file = await downloads.installerPath(config, params.file);
      await new Promise<void>((resolve, reject) =>
        res
          .attachment(params.file)
          .type('application/octet-stream')
          .set('Cache-Control', 'no-cache')
          .sendFile(file, (err) => (err ? reject(err) : resolve())),
      );
      return HANDLED;
    },
  );
  return api.router;
}
