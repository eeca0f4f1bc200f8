import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { closeSnackbar, useSnackbar } from 'notistack';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { lineQueryOptions, outOfRangeWarning } from '../../lines';
import { isOutOfRange, type ValidatedRange } from '../../../../shared/domain/out-of-range';

/**
 * The persistent warning after records land out of their line's validated range (monitoring.md
 * section 8), counting the line's out-of-range records, with the way to the line.
 */
export function useOutOfRangeWarning() {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();

  return useCallback(
    async (lineId: number, isOutside: (range: ValidatedRange) => boolean) => {
      const line = await queryClient.fetchQuery({ ...lineQueryOptions(lineId), staleTime: 0 });
      const range = line.validation_statistics?.range;
      if (!range || !isOutside(range)) return;
      const count = Math.max(line.out_of_range_count, 1);
      enqueueSnackbar(outOfRangeWarning(count), {
        variant: 'warning',
        persist: true,
        key: `out-of-range-${lineId}`,
        preventDuplicate: true,
        action: (key) => (
          <>
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                closeSnackbar(key);
                navigate(`/line/${lineId}`);
              }}
            >
              View Line Details
            </Button>
            <Button color="inherit" size="small" onClick={() => closeSnackbar(key)}>
              Dismiss
            </Button>
          </>
        ),
      });
    },
    [queryClient, enqueueSnackbar, navigate],
  );
}

/** Whether a VitalMetric falls outside a validated range (bounds count as inside). */
export const outside = (auc: number | null | undefined, range: ValidatedRange) =>
  auc !== null && auc !== undefined && isOutOfRange(auc, range);
