import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { withDetail } from '../../../lib/api-client';
import { useAllows } from '../../../lib/permissions';
import { useUser } from '../../auth';
import { useApproveComparisonStudy } from '../api/approve-comparison-study';
import type { ComparisonStudyDto } from '../api/types';

export const AUTHOR_REASON = 'A study is approved by someone other than its author.';

/**
 * Approve a draft: owners and admins of the institute (and staff) who did not create it; the
 * author sees the button disabled with the reason. Approval freezes the study.
 */
export function ApproveButton({ study }: { study: ComparisonStudyDto }) {
  const { data: user } = useUser();
  const mayApprove = useAllows('comparison-studies:approve');
  const approve = useApproveComparisonStudy();
  const { enqueueSnackbar } = useSnackbar();
  const [confirming, setConfirming] = useState(false);
  if (!mayApprove || study.status === 'approved') return null;
  const isAuthor = user !== undefined && study.created_by?.id === user.id;
  const button = (
    <Button
      variant="contained"
      color="success"
      startIcon={<CheckCircleIcon />}
      disabled={isAuthor}
      onClick={() => setConfirming(true)}
    >
      Approve
    </Button>
  );
  return (
    <>
      {isAuthor ? (
        <Tooltip title={AUTHOR_REASON}>
          <span>{button}</span>
        </Tooltip>
      ) : (
        button
      )}
      <ConfirmDialog
        open={confirming}
        title="Approve Study"
        confirmLabel="Approve"
        busy={approve.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          approve.mutate(study.id, {
            onSuccess: () => {
              setConfirming(false);
              enqueueSnackbar(`${study.name} has been approved.`, { variant: 'success' });
            },
            onError: (error) =>
              enqueueSnackbar(withDetail('Unable to approve the study', error), {
                variant: 'error',
              }),
          })
        }
      >
        Approving freezes {study.name}: its pairs, exclusions and results are kept as they are now,
        and later changes to clinical data no longer change them. The report will name you as its
        approver.
      </ConfirmDialog>
    </>
  );
}
