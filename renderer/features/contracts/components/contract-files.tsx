import DeleteIcon from '@mui/icons-material/Delete';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { CONTRACT_MESSAGES, type ContractDto } from '../../../../shared/api/contracts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { RowAction } from '../../../components/ui/row-action';
import { downloadFile } from '../../../lib/download';
import { formatDateTime } from '../../../lib/format';
import { useDeleteContractFiles } from '../api/delete-contract-files';
import { withDetail } from '../../../lib/api-client';

const kilobytes = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} kB`;

/** The contract's PDF files: download, and delete after a warning that it cannot be undone. */
export function ContractFiles({ contract }: { contract: ContractDto }) {
  const { enqueueSnackbar } = useSnackbar();
  const remove = useDeleteContractFiles();
  const [deleting, setDeleting] = useState<string | null>(null);
  const urlOf = (name: string) => contract.download_urls.find((d) => d.filename === name)?.url;

  const download = (name: string) => {
    const url = urlOf(name);
    if (url)
      downloadFile(url, name).catch((error) =>
        enqueueSnackbar(withDetail('Error downloading the file.', error), { variant: 'error' }),
      );
  };
  const confirmDelete = () =>
    deleting &&
    remove.mutate(
      { id: contract.id, filenames: [deleting] },
      {
        onSuccess: () => {
          enqueueSnackbar(CONTRACT_MESSAGES.filesDeleted, { variant: 'success' });
          setDeleting(null);
        },
        onError: (error) =>
          enqueueSnackbar(withDetail(CONTRACT_MESSAGES.filesDeleteFailed, error), {
            variant: 'error',
          }),
      },
    );

  if (contract.files.length === 0)
    return <Typography color="text.secondary">No files attached.</Typography>;
  return (
    <>
      <List dense aria-label="Contract files">
        {contract.files.map((f) => (
          <ListItem
            key={f.id}
            divider
            secondaryAction={
              <>
                <RowAction
                  title="Download"
                  label={`Download ${f.filename}`}
                  icon={<FileDownloadIcon fontSize="small" />}
                  onClick={() => download(f.filename)}
                />
                <RowAction
                  title="Delete"
                  label={`Delete ${f.filename}`}
                  icon={<DeleteIcon fontSize="small" />}
                  onClick={() => setDeleting(f.filename)}
                />
              </>
            }
          >
            <ListItemText
              primary={f.filename}
              secondary={`${kilobytes(f.size)} · uploaded ${formatDateTime(f.uploaded_at)}`}
            />
          </ListItem>
        ))}
      </List>
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting ?? ''}?`}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      >
        {CONTRACT_MESSAGES.deleteFilesWarning}
      </ConfirmDialog>
    </>
  );
}
