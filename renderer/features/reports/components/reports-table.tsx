import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import Link from '@mui/material/Link';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { ReportDto } from '../../../../shared/api/reports';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { gridOverlaysEmpty } from '../../../components/ui/grid-overlays';
import { RowAction } from '../../../components/ui/row-action';
import { downloadFile } from '../../../lib/download';
import { useAllows } from '../../../lib/permissions';
import { useUrlPagination } from '../../../lib/use-url-pagination';
import { useDeleteReport } from '../api/delete-report';
import { useReports } from '../api/get-reports';
import { ReportTitleDialog } from './report-title-dialog';
import { formatDate } from '../../../lib/format';
import { COMPACT_GRID, serverPaged } from '../../../components/ui/server-grid';
import { ErrorFetching } from '../../../components/ui/query-state';
import { withDetail } from '../../../lib/api-client';

const PAGE_SIZES = [10, 25, 50, 100];

/** The institute's reports: download for all; rename for admin and up; delete for staff. */
export function ReportsTable({ instituteId }: { instituteId: number }) {
  const canRename = useAllows('reports:edit-title');
  const canDelete = useAllows('reports:delete');
  const { enqueueSnackbar } = useSnackbar();
  const [pagination, setPagination] = useUrlPagination(PAGE_SIZES);
  const reports = useReports({ instituteId, page: pagination.page, size: pagination.pageSize });
  const remove = useDeleteReport();
  const [renaming, setRenaming] = useState<ReportDto | null>(null);
  const [deleting, setDeleting] = useState<ReportDto | null>(null);

  const download = (r: ReportDto) =>
    downloadFile(r.download_url, r.file.filename).catch((error) =>
      enqueueSnackbar(withDetail('Error downloading the report.', error), { variant: 'error' }),
    );

  const columns: GridColDef<ReportDto>[] = [
    { field: 'title', headerName: 'Title', flex: 2, minWidth: 220, sortable: false },
    {
      field: 'validation',
      headerName: 'Validation',
      flex: 1,
      minWidth: 160,
      sortable: false,
      renderCell: ({ row }) =>
        row.validation ? (
          <Link component={RouterLink} to={`/validation/${row.validation.id}`}>
            {row.validation.name}
          </Link>
        ) : (
          '–'
        ),
    },
    {
      field: 'file',
      headerName: 'File',
      flex: 1,
      minWidth: 160,
      sortable: false,
      valueGetter: (_v, r) => r.file.filename,
    },
    {
      field: 'create_date',
      headerName: 'Created',
      width: 120,
      sortable: false,
      valueFormatter: (v: string) => formatDate(v),
    },
    {
      field: 'actions',
      headerName: 'Actions',
      width: 140,
      sortable: false,
      renderCell: ({ row }) => (
        <>
          <RowAction
            title="Download"
            label={`Download ${row.title}`}
            icon={<FileDownloadIcon fontSize="small" />}
            onClick={() => download(row)}
          />
          {canRename && (
            <RowAction
              title="Edit title"
              label={`Edit ${row.title}`}
              icon={<EditIcon fontSize="small" />}
              onClick={() => setRenaming(row)}
            />
          )}
          {canDelete && (
            <RowAction
              title="Delete"
              label={`Delete ${row.title}`}
              icon={<DeleteIcon fontSize="small" />}
              onClick={() => setDeleting(row)}
            />
          )}
        </>
      ),
    },
  ];

  if (reports.isError) return <ErrorFetching error={reports.error} />;
  return (
    <>
      <DataGrid
        aria-label="Reports"
        {...serverPaged(reports, [pagination, setPagination], PAGE_SIZES)}
        columns={columns}
        disableRowSelectionOnClick
        {...COMPACT_GRID}
        slots={gridOverlaysEmpty('No Reports')}
      />
      {renaming && <ReportTitleDialog report={renaming} onClose={() => setRenaming(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Report"
        confirmLabel="Delete"
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              enqueueSnackbar(`${deleting.title} has been deleted.`, { variant: 'success' });
              setDeleting(null);
            },
            onError: (error) =>
              enqueueSnackbar(withDetail('Unable to delete the report.', error), {
                variant: 'error',
              }),
          })
        }
      >
        Delete {deleting?.title}? Deleted files are not recoverable.
      </ConfirmDialog>
    </>
  );
}
