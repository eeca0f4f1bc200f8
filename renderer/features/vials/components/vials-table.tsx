import AddIcon from '@mui/icons-material/Add';
import DescriptionIcon from '@mui/icons-material/Description';
import EditIcon from '@mui/icons-material/Edit';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { useSnackbar } from 'notistack';
import { useMemo, useState } from 'react';
import { VIAL_MESSAGES, type Vial } from '../../../../shared/api/vials';
import { PAGE_SIZE_OPTIONS } from '../../../../shared/domain/limits';
import { gridOverlays } from '../../../components/ui/grid-overlays';
import { RowAction } from '../../../components/ui/row-action';
import { SearchField } from '../../../components/ui/search-field';
import { COMPACT_GRID } from '../../../components/ui/server-grid';
import { downloadFile } from '../../../lib/download';
import { formatDateTime } from '../../../lib/format';
import { useUrlFilters } from '../../../lib/use-url-filters';
import { useUrlPagination } from '../../../lib/use-url-pagination';
import { OrganizationFilter, useInstitutes } from '../../institutes';
import { useCreateDif } from '../api/create-dif';
import { useVials } from '../api/get-vials';
import { DeleteVialDialog } from './delete-vial-dialog';
import { VialDialog } from './vial-dialog';
import { RetireVialAction, VIAL_COLUMNS } from './vial-columns';
import { ErrorFetching } from '../../../components/ui/query-state';
import { withDetail } from '../../../lib/api-client';

type Open = { kind: 'create' } | { kind: 'edit' | 'delete'; vial: Vial } | null;

/** The vial registry (staff): search and organization filter in the address. */
export function VialsTable() {
  const { enqueueSnackbar } = useSnackbar();
  const [params, setParam] = useUrlFilters();
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

  const generate = (vial: Vial) =>
    createDif.mutate(vial.label, {
      onSuccess: () => enqueueSnackbar(VIAL_MESSAGES.difGenerated, { variant: 'success' }),
      onError: (error) =>
        enqueueSnackbar(withDetail(VIAL_MESSAGES.difFailed, error), { variant: 'error' }),
    });
  const download = (vial: Vial) => {
    if (!vial.diff_file_url) {
      enqueueSnackbar(VIAL_MESSAGES.noDif, { variant: 'warning' });
      return;
    }
    downloadFile(vial.diff_file_url, `${vial.label}-DIF.csv`).catch((error) =>
      enqueueSnackbar(withDetail(VIAL_MESSAGES.difDownloadFailed, error), { variant: 'error' }),
    );
  };

  const columns: GridColDef<Vial>[] = [
    VIAL_COLUMNS.label,
    VIAL_COLUMNS.version,
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
    VIAL_COLUMNS.status,
    VIAL_COLUMNS.uploads,
    VIAL_COLUMNS.lastUpload,
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
          <RowAction
            title="Edit"
            label={`Edit ${row.label}`}
            icon={<EditIcon fontSize="small" />}
            onClick={() => setOpen({ kind: 'edit', vial: row })}
          />
          <RowAction
            title="Generate DIF file"
            label={`Generate DIF file of ${row.label}`}
            icon={<DescriptionIcon fontSize="small" />}
            onClick={() => generate(row)}
            disabled={createDif.isPending}
          />
          <RowAction
            title={
              row.diff_file_url
                ? `Download DIF file (${formatDateTime(row.diff_generated_at)})`
                : 'Download DIF file'
            }
            label={`Download DIF file of ${row.label}`}
            icon={<FileDownloadIcon fontSize="small" />}
            onClick={() => download(row)}
          />
          <RetireVialAction vial={row} onClick={() => setOpen({ kind: 'delete', vial: row })} />
        </>
      ),
    },
  ];

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <SearchField
          label="Search by Label"
          width={220}
          value={search}
          onChange={(v) => setParam('search', v)}
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
        <ErrorFetching error={vials.error} />
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
