import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import type { LabelDto } from '../../../../shared/api/labels';
import { DisabledReason } from '../../../components/ui/disabled-reason';
import { gridOverlays } from '../../../components/ui/grid-overlays';
import { GUEST_REASON, useCanEdit } from '../../../lib/permissions';
import { useLabels } from '../api/get-labels';
import { DeleteLabelDialog } from './delete-label-dialog';
import { LabelChip } from './label-chip';
import { LabelDialog } from './label-dialog';
import { ErrorFetching } from '../../../components/ui/query-state';

type Open = { kind: 'create' } | { kind: 'edit' | 'delete'; label: LabelDto } | null;

/** The organization's labels with create, edit and delete (not for guests). */
export function LabelsTable({ instituteId }: { instituteId: number }) {
  const labels = useLabels(instituteId);
  const editable = useCanEdit();
  const [open, setOpen] = useState<Open>(null);
  const reason = editable ? null : GUEST_REASON;

  const columns = useMemo<GridColDef<LabelDto>[]>(
    () => [
      {
        field: 'label',
        headerName: 'Label',
        flex: 1,
        minWidth: 200,
        renderCell: ({ row }) => <LabelChip label={row} />,
      },
      { field: 'color', headerName: 'Colour', width: 120 },
      {
        field: 'actions',
        headerName: 'Actions',
        width: 120,
        sortable: false,
        renderCell: ({ row }) => (
          <DisabledReason reason={reason}>
            <span>
              <IconButton
                size="small"
                aria-label={`Edit ${row.label}`}
                disabled={!editable}
                onClick={() => setOpen({ kind: 'edit', label: row })}
              >
                <EditIcon fontSize="small" />
              </IconButton>
              <IconButton
                size="small"
                aria-label={`Delete ${row.label}`}
                disabled={!editable}
                onClick={() => setOpen({ kind: 'delete', label: row })}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            </span>
          </DisabledReason>
        ),
      },
    ],
    [editable, reason],
  );

  if (labels.isError) return <ErrorFetching error={labels.error} />;
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <DisabledReason reason={reason}>
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            disabled={!editable}
            onClick={() => setOpen({ kind: 'create' })}
          >
            Create Label
          </Button>
        </DisabledReason>
      </Stack>
      <DataGrid
        aria-label="Labels"
        rows={labels.data ?? []}
        columns={columns}
        loading={labels.isLoading}
        density="compact"
        autoHeight
        disableRowSelectionOnClick
        disableColumnMenu
        pageSizeOptions={[10, 25, 50, 100]}
        initialState={{ pagination: { paginationModel: { pageSize: 25 } } }}
        slots={gridOverlays}
      />
      {open?.kind === 'create' && (
        <LabelDialog instituteId={instituteId} onClose={() => setOpen(null)} />
      )}
      {open?.kind === 'edit' && (
        <LabelDialog instituteId={instituteId} label={open.label} onClose={() => setOpen(null)} />
      )}
      {open?.kind === 'delete' && (
        <DeleteLabelDialog label={open.label} onClose={() => setOpen(null)} />
      )}
    </Stack>
  );
}
