import DeleteIcon from '@mui/icons-material/Delete';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { useState } from 'react';
import type { Vial } from '../../../../shared/api/vials';
import { PAGE_SIZE_OPTIONS } from '../../../../shared/domain/limits';
import { gridOverlays } from '../../../components/ui/grid-overlays';
import { ErrorFetching } from '../../../components/ui/query-state';
import { RowAction } from '../../../components/ui/row-action';
import { COMPACT_GRID } from '../../../components/ui/server-grid';
import { formatDateTime } from '../../../lib/format';
import { useVials } from '../api/get-vials';
import { DeleteVialDialog } from './delete-vial-dialog';
import { VialStatusChip } from './vial-status-chip';

/**
 * One organization's vials with their uploads, for its admins and owners (and staff): "vial
 * deletion is an admin action". Deleting retires the vial, after its label is typed.
 */
export function OrganizationVials({ instituteId }: { instituteId: number }) {
  const vials = useVials({ institute_id: instituteId });
  const [retiring, setRetiring] = useState<Vial | null>(null);

  const columns: GridColDef<Vial>[] = [
    { field: 'label', headerName: 'Label', flex: 1, minWidth: 120 },
    { field: 'version', headerName: 'Version', width: 90 },
    {
      field: 'is_deleted',
      headerName: 'Status',
      width: 100,
      renderCell: ({ row }) => <VialStatusChip retired={row.is_deleted} />,
    },
    { field: 'uploads', headerName: 'Uploads', type: 'number', width: 90 },
    {
      field: 'last_upload',
      headerName: 'Last Upload',
      width: 160,
      valueFormatter: (v: string | null) => formatDateTime(v),
    },
    {
      field: 'actions',
      headerName: 'Actions',
      width: 90,
      sortable: false,
      renderCell: ({ row }) => (
        <RowAction
          title={row.is_deleted ? 'Retired' : 'Delete'}
          label={`Delete ${row.label}`}
          icon={<DeleteIcon fontSize="small" />}
          disabled={row.is_deleted}
          onClick={() => setRetiring(row)}
        />
      ),
    },
  ];

  return (
    <Stack spacing={1}>
      <Typography variant="h3">Vials</Typography>
      {vials.isError ? (
        <ErrorFetching />
      ) : (
        <DataGrid
          aria-label="Vials"
          {...COMPACT_GRID}
          rows={vials.data ?? []}
          loading={vials.isFetching}
          columns={columns}
          initialState={{ pagination: { paginationModel: { pageSize: PAGE_SIZE_OPTIONS[0] } } }}
          pageSizeOptions={[...PAGE_SIZE_OPTIONS]}
          disableRowSelectionOnClick
          slots={gridOverlays}
        />
      )}
      {retiring && <DeleteVialDialog vial={retiring} onClose={() => setRetiring(null)} />}
    </Stack>
  );
}
