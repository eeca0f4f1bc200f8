import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import DescriptionIcon from '@mui/icons-material/Description';
import EditIcon from '@mui/icons-material/Edit';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { useSnackbar } from 'notistack';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { VIAL_MESSAGES, type Vial } from '../../../../shared/api/vials';
import { PAGE_SIZE_OPTIONS } from '../../../../shared/domain/limits';
import { gridOverlays } from '../../../components/ui/grid-overlays';
import { COMPACT_GRID } from '../../../components/ui/server-grid';
import { downloadFile } from '../../../lib/download';
import { formatDateTime } from '../../../lib/format';
import { useUrlPagination } from '../../../lib/use-url-pagination';
import { OrganizationFilter, useInstitutes } from '../../institutes';
import { useCreateDif } from '../api/create-dif';
import { useVials } from '../api/get-vials';
import { DeleteVialDialog } from './delete-vial-dialog';
import { VialDialog } from './vial-dialog';

type Open = { kind: 'create' } | { kind: 'edit' | 'delete'; vial: Vial } | null;

/** The vial registry (staff): search and organization filter in the address. */
export function VialsTable() {
  const { enqueueSnackbar } = useSnackbar();
  const [params, setParams] = useSearchParams();
  const [pagination, setPagination] = useUrlPagination(PAGE_SIZE_OPTIONS);
  const search = params.get('search') ?? '';
  const institute = params.get('institute') ?? '';
  const vials = useVials({
    ...(search ? { search } : {}),
    ...(institute ? { institute_id: Number(institute) } : {}),
  });
  const institutes = useInstitutes(false);
  const createDif = useCreateDif();
  const [open, setOpen] = useState<Open>(null);

  const names = useMemo(
    () => new Map((institutes.data?.items ?? []).map((i) => [i.id, i.name])),
    [institutes.data],
  );

  const setParam = (key: string, value: string) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  };

  const generate = (vial: Vial) =>
    createDif.mutate(vial.label, {
      onSuccess: () => enqueueSnackbar(VIAL_MESSAGES.difGenerated, { variant: 'success' }),
      onError: () => enqueueSnackbar(VIAL_MESSAGES.difFailed, { variant: 'error' }),
    });
  const download = (vial: Vial) => {
    if (!vial.diff_file_url) {
      enqueueSnackbar(VIAL_MESSAGES.noDif, { variant: 'warning' });
      return;
    }
    downloadFile(vial.diff_file_url, `${vial.label}-DIF.csv`).catch(() =>
      enqueueSnackbar(VIAL_MESSAGES.difDownloadFailed, { variant: 'error' }),
    );
  };

  const columns: GridColDef<Vial>[] = [
    { field: 'label', headerName: 'Label', width: 130 },
    { field: 'version', headerName: 'Version', width: 90 },
    {
      field: 'institute',
      headerName: 'Organization',
      flex: 1,
      minWidth: 180,
      valueGetter: (_v, row) =>
        row.institute ? (names.get(row.institute) ?? `#${row.institute}`) : '—',
    },
    {
      field: 'notes',
      headerName: 'Notes',
      flex: 1,
      minWidth: 140,
      valueGetter: (v: string | null) => v ?? '',
    },
    {
      field: 'is_deleted',
      headerName: 'Status',
      width: 100,
      renderCell: ({ row }) =>
        row.is_deleted ? (
          <Chip size="small" label="Retired" color="error" variant="outlined" />
        ) : (
          <Chip size="small" label="Active" color="success" />
        ),
    },
    { field: 'uploads', headerName: 'Uploads', type: 'number', width: 90 },
    {
      field: 'last_upload',
      headerName: 'Last Upload',
      width: 150,
      valueFormatter: (v: string | null) => formatDateTime(v),
    },
    {
      field: 'diff_generated_at',
      headerName: 'DIF File',
      width: 150,
      valueFormatter: (v: string | null) => formatDateTime(v),
    },
    {
      field: 'actions',
      headerName: 'Actions',
      width: 180,
      sortable: false,
      renderCell: ({ row }) => (
        <>
          <Tooltip title="Edit">
            <IconButton
              size="small"
              aria-label={`Edit ${row.label}`}
              onClick={() => setOpen({ kind: 'edit', vial: row })}
            >
              <EditIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title="Generate DIF file">
            <IconButton
              size="small"
              aria-label={`Generate DIF file of ${row.label}`}
              onClick={() => generate(row)}
              disabled={createDif.isPending}
            >
              <DescriptionIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip
            title={
              row.diff_file_url
                ? `Download DIF file (${formatDateTime(row.diff_generated_at)})`
                : 'Download DIF file'
            }
          >
            <IconButton
              size="small"
              aria-label={`Download DIF file of ${row.label}`}
              onClick={() => download(row)}
            >
              <FileDownloadIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title={row.is_deleted ? 'Retired' : 'Delete'}>
            <span>
              <IconButton
                size="small"
                aria-label={`Delete ${row.label}`}
                disabled={row.is_deleted}
                onClick={() => setOpen({ kind: 'delete', vial: row })}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        </>
      ),
    },
  ];

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField
          label="Search by Label"
          size="small"
          fullWidth={false}
          sx={{ width: 220 }}
          type="search"
          value={search}
          onChange={(e) => setParam('search', e.target.value)}
        />
        <OrganizationFilter value={institute} onChange={(v) => setParam('institute', v)} />
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          sx={{ ml: 'auto' }}
          onClick={() => setOpen({ kind: 'create' })}
        >
          Create Vial
        </Button>
      </Stack>
      {vials.isError ? (
        <Alert severity="error">Error fetching data</Alert>
      ) : (
        <DataGrid
          aria-label="Vials"
          {...COMPACT_GRID}
          rows={vials.data ?? []}
          loading={vials.isFetching}
          columns={columns}
          paginationModel={pagination}
          onPaginationModelChange={setPagination}
          pageSizeOptions={[...PAGE_SIZE_OPTIONS]}
          disableRowSelectionOnClick
          slots={gridOverlays}
        />
      )}
      {open?.kind === 'create' && <VialDialog onClose={() => setOpen(null)} />}
      {open?.kind === 'edit' && <VialDialog vial={open.vial} onClose={() => setOpen(null)} />}
      {open?.kind === 'delete' && (
        <DeleteVialDialog vial={open.vial} onClose={() => setOpen(null)} />
      )}
    </Stack>
  );
}
