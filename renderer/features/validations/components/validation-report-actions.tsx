import DescriptionIcon from '@mui/icons-material/Description';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { VALIDATION_MESSAGES, type ValidationDto } from '../../../../shared/api/validations';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { downloadFile } from '../../../lib/download';
import { GUEST_REASON, useCanEdit } from '../../../lib/permissions';
import { useRequestReport } from '../api/request-report';
import { withDetail } from '../../../lib/api-client';

/** Download Report when the completed validation has one, else Generate Report (confirmed). */
export function ValidationReportActions({ validation }: { validation: ValidationDto }) {
  const canEdit = useCanEdit();
  const { enqueueSnackbar } = useSnackbar();
  const generate = useRequestReport();
  const [confirming, setConfirming] = useState(false);
  const [downloading, setDownloading] = useState(false);

  const download = async (url: string) => {
    setDownloading(true);
    try {
      await downloadFile(url, `${validation.name}.pdf`);
    } catch (error) {
      enqueueSnackbar(withDetail('Error downloading the report.', error), { variant: 'error' });
    } finally {
      setDownloading(false);
    }
  };

  if (validation.report) {
    const { download_url: url } = validation.report;
    return (
      <Button
        variant="contained"
        startIcon={<FileDownloadIcon />}
        loading={downloading}
        onClick={() => download(url)}
      >
        Download Report
      </Button>
    );
  }

  const button = (
    <Button
      variant="contained"
      startIcon={<DescriptionIcon />}
      disabled={!canEdit || generate.isPending}
      onClick={() => setConfirming(true)}
    >
      Generate Report
    </Button>
  );
  return (
    <Stack spacing={1} sx={{ minWidth: 240 }}>
      {canEdit ? (
        button
      ) : (
        <Tooltip title={GUEST_REASON}>
          <span>{button}</span>
        </Tooltip>
      )}
      {generate.isPending && (
        <div role="status">
          <LinearProgress aria-label="Building the report" />
          <Typography variant="caption" color="text.secondary">
            Building the report…
          </Typography>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title="Generate Report"
        confirmLabel="Generate Report"
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          generate.mutate(validation.id, {
            onSuccess: () =>
              enqueueSnackbar(VALIDATION_MESSAGES.reportCreated, { variant: 'success' }),
            onError: (error) =>
              enqueueSnackbar(withDetail(VALIDATION_MESSAGES.reportFailed, error), {
                variant: 'error',
              }),
          });
        }}
      >
        A PDF report of {validation.name} will be built from its results and saved with the
        validation. This may take a moment.
      </ConfirmDialog>
    </Stack>
  );
}
