import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { VialDrive } from '../../../../shared/ipc/vial-drive';
import type { DesktopApi } from '../../../lib/desktop-bridge';
import { vialKeys } from './keys';

/** administration.md section 9: the vial list is polled every 3 seconds. */
export const VIALS_POLL_MS = 3000;

export const connectedVialsQueryOptions = (api: DesktopApi) =>
  queryOptions({
    queryKey: vialKeys.connected(),
    queryFn: () => api.listVials(),
    refetchInterval: VIALS_POLL_MS,
    staleTime: 0,
    enabled: api.kind === 'desktop',
  });

/** The vials connected to this computer, kept current by polling and by the agent's events. */
export function useConnectedVials(api: DesktopApi) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const stopChanges = api.onVialsChanged((vials) =>
      queryClient.setQueryData(vialKeys.connected(), vials),
    );
    const stopProgress = api.onUploadProgress((progress) =>
      queryClient.setQueryData<VialDrive[]>(vialKeys.connected(), (vials) =>
        vials?.map((v) => (v.id === progress.vial ? { ...v, status: 'uploading', progress } : v)),
      ),
    );
    return () => {
      stopChanges();
      stopProgress();
    };
  }, [api, queryClient]);
  return useQuery(connectedVialsQueryOptions(api));
}
