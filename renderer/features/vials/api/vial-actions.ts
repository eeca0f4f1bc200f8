import { useMutation, useQueryClient } from '@tanstack/react-query';
import { enqueueSnackbar } from 'notistack';
import type { DesktopApi } from '../../../lib/desktop-bridge';
import { vialKeys } from './keys';

/**
 * The drawer's actions. Their outcome shows in the vial list itself (states and messages come
 * from the agent), so each one only refreshes the list; a refused call becomes a toast.
 */
function useVialAction<T>(run: (input: T) => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onError: (error) => enqueueSnackbar(error.message, { variant: 'error' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: vialKeys.connected() }),
  });
}

export const useUploadVial = (api: DesktopApi) =>
  useVialAction(({ vial, institute }: { vial: string; institute: number }) =>
    api.uploadVial(vial, institute),
  );

export const useRemoveVialFile = (api: DesktopApi) =>
  useVialAction(({ vial, file }: { vial: string; file: string }) => api.removeFile(vial, file));

export const useDismissVialMessage = (api: DesktopApi) =>
  useVialAction(({ vial, message }: { vial: string; message: string }) =>
    api.dismissMessage(vial, message),
  );
