import DeleteIcon from '@mui/icons-material/Delete';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import type { UseQueryResult } from '@tanstack/react-query';
import { enqueueSnackbar } from 'notistack';
import { useState } from 'react';
import type { CodeMappingDto, LocationMappingDto } from '../../../../shared/api/lab-feed';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { gridOverlaysEmpty } from '../../../components/ui/grid-overlays';
import { ErrorFetching } from '../../../components/ui/query-state';
import { RowAction } from '../../../components/ui/row-action';
import { COMPACT_GRID } from '../../../components/ui/server-grid';
import { withDetail } from '../../../lib/api-client';
import { useAllows } from '../../../lib/permissions';
import { useLineWord } from '../../institutes';
import { useCodeMappings, useLocationMappings } from '../api/get-lab-feed';
import { useDeleteMapping } from '../api/mappings';
import { analyteWord, deleteWarning } from './feed-words';

interface Deleting {
  kind: 'locations' | 'codes';
  id: number;
  /** The code as the warning names it. */
  code: string;
}

/** One kind of mapping under its heading: the grid, or why it could not be fetched. */
function MappingsGrid<T extends { id: number }>({
  title,
  label,
  list,
  columns,
  empty,
}: {
  title: string;
  label: string;
  list: UseQueryResult<{ items: T[] }>;
  columns: GridColDef<T>[];
  empty: string;
}) {
  return (
    <>
      <Typography variant="h2">{title}</Typography>
      {list.isError ? (
        <ErrorFetching error={list.error} />
      ) : (
        <DataGrid
          aria-label={label}
          rows={list.data?.items ?? []}
          loading={list.isPending}
          columns={columns}
          disableRowSelectionOnClick
          {...COMPACT_GRID}
          slots={gridOverlaysEmpty(empty)}
        />
      )}
    </>
  );
}

/** Mappings: the location and result code mappings; owners and admins delete them, warned. */
export function MappingsPanel({ instituteId }: { instituteId: number }) {
  const word = useLineWord();
  const canManage = useAllows('lab-feed:manage');
  const locations = useLocationMappings(instituteId);
  const codes = useCodeMappings(instituteId);
  const remove = useDeleteMapping();
  const [deleting, setDeleting] = useState<Deleting | null>(null);

  /** `nameOf` names the row for a screen reader, `codeOf` is the code the warning names. */
  const deleteColumn = <T extends { id: number }>(
    kind: Deleting['kind'],
    nameOf: (row: T) => string,
    codeOf: (row: T) => string,
  ): GridColDef<T>[] =>
    canManage
      ? [
          {
            field: 'actions',
            headerName: 'Actions',
            width: 90,
            sortable: false,
            renderCell: ({ row }) => (
              <RowAction
                title="Delete"
                label={`Delete the mapping of ${nameOf(row)}`}
                icon={<DeleteIcon />}
                onClick={() => setDeleting({ kind, id: row.id, code: codeOf(row) })}
              />
            ),
          },
        ]
      : [];

  const locationCode = (row: LocationMappingDto) => (row.code === '' ? '(none sent)' : row.code);
  const locationColumns: GridColDef<LocationMappingDto>[] = [
    { field: 'code', headerName: 'Location', flex: 1, valueGetter: (_v, row) => locationCode(row) },
    {
      field: 'line',
      headerName: word.singular,
      flex: 1,
      valueGetter: (_v, row) => row.line?.name ?? 'Ignore',
    },
    ...deleteColumn('locations', locationCode, locationCode),
  ];
  const codeName = (row: CodeMappingDto) => `${row.system} ${row.code}`;
  const codeColumns: GridColDef<CodeMappingDto>[] = [
    { field: 'system', headerName: 'System', flex: 1 },
    { field: 'code', headerName: 'Code', flex: 1 },
    {
      field: 'analyte',
      headerName: 'Analyte',
      flex: 1,
      valueGetter: (_v, row) => analyteWord(row.analyte),
    },
    {
      field: 'units',
      headerName: 'Unit factors',
      flex: 1,
      sortable: false,
      valueGetter: (_v, row) =>
        Object.entries(row.units)
          .map(([unit, factor]) => `${unit} × ${factor}`)
          .join(', '),
    },
    ...deleteColumn('codes', codeName, (row) => row.code),
  ];

  return (
    <Stack spacing={2}>
      <MappingsGrid
        title="Locations"
        label="Location mappings"
        list={locations}
        columns={locationColumns}
        empty="No location mappings"
      />
      <MappingsGrid
        title="Result codes"
        label="Result code mappings"
        list={codes}
        columns={codeColumns}
        empty="No result code mappings"
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete mapping"
        confirmLabel="Delete"
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting, {
            onSuccess: () => {
              enqueueSnackbar('Mapping deleted', { variant: 'success' });
              setDeleting(null);
            },
            onError: (error) =>
              enqueueSnackbar(withDetail('Unable to delete the mapping', error), {
                variant: 'error',
              }),
          })
        }
      >
        {deleting && deleteWarning(deleting.code)}
      </ConfirmDialog>
    </Stack>
  );
}
