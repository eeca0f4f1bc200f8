import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DesktopDownloads } from '../../../../shared/api/downloads';
import { api } from '../../../lib/api-client';
import { downloadKeys } from './keys';

export async function getDesktopDownloads(): Promise<DesktopDownloads> {
  const { data } = await api.get<DesktopDownloads>('/v2/downloads');
  return data;
}

export const desktopDownloadsQueryOptions = () =>
  queryOptions({ queryKey: downloadKeys.installers(), queryFn: getDesktopDownloads });

/** What /downloads offers: the server's installers, a link elsewhere, or nothing. */
export const useDesktopDownloads = () => useQuery(desktopDownloadsQueryOptions());
