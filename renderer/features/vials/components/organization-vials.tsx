import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { useState } from 'react';
import type { Vial } from '../../../../shared/api/vials';
import { PAGE_SIZE_OPTIONS } from '../../../../shared/domain/limits';
import { gridOverlays } from '../../../components/ui/grid-overlays';
import { ErrorFetching } from '../../../components/ui/query-state';
import { COMPACT_GRID } from '../../../components/ui/server-grid';
import { useVials } from '../api/get-vials';
import { DeleteVialDialog } from './delete-vial-dialog';
import { RetireVialAction, VIAL_COLUMNS } from './vial-columns';

/**
 * One organization's vials with their uploads, for its admins and owners (and staff): "vial
 * deletion is an admin action". Deleting retires the vial, after its label is typed.
 */
export function OrganizationVials({ instituteId }: { instituteId: number }) {
  const vials = useVials({ institute_id: instituteId });
  const [retiring, setRetiring] = useState<Vial | null>(null);

  const columns: GridColDef<Vial>[] = [
    { ...VIAL_COLUMNS.label, flex: 1, minWidth: 120 },
    VIAL_COLUMNS.version,
    VIAL_COLUMNS.status,
    VIAL_COLUMNS.uploads,
    VIAL_COLUMNS.lastUpload,
    {
      field: 'actions',
      headerName: 'Actions',
      width: 90,
      sortable: false,
      renderCell: ({ row }) => <RetireVialAction vial={row} onClick={() => setRetiring(row)} />,
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
