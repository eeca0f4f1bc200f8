import FormHelperText from '@mui/material/FormHelperText';
import {
  DataGrid,
  type GridColDef,
  type GridPaginationModel,
  type GridRowSelectionModel,
} from '@mui/x-data-grid';
import { useState } from 'react';
import type { LineDto } from '../../../../shared/api/lines';
import { gridOverlays } from '../../../components/ui/grid-overlays';
import { useLineWord } from '../../institutes';
import { useLines } from '../../lines';
import { formatDay } from '../../../lib/calendar-day';
import { COMPACT_GRID, serverPaged } from '../../../components/ui/server-grid';
import { ErrorFetching } from '../../../components/ui/query-state';
import { counted } from '../../../../shared/domain/plural';

/** The wizard's lines table pages 5 by default (5, 20, 50, 100). */
const PAGE_SIZES = [5, 20, 50, 100];

interface Props {
  instituteId: number;
  value: number[];
  onChange: (ids: number[]) => void;
  error?: string;
  disabled?: boolean;
}

/** Chooses the lines of a validation from the active lines, across pages. */
export function LinePicker({ instituteId, value, onChange, error, disabled = false }: Props) {
  const word = useLineWord();
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: 5 });
  const lines = useLines({
    instituteId,
    page: pagination.page,
    size: pagination.pageSize,
    archived: false,
    ordering: 'name',
  });
  const selection: GridRowSelectionModel = { type: 'include', ids: new Set(value) };

  const columns: GridColDef<LineDto>[] = [
    { field: 'name', headerName: word.singular, flex: 1, minWidth: 180, sortable: false },
    {
      field: 'record_count',
      headerName: 'Records',
      width: 100,
      type: 'number',
      sortable: false,
      valueGetter: (_v, row) => row.line_statistics.record_count,
    },
    {
      field: 'validation',
      headerName: 'Last Validated',
      width: 140,
      sortable: false,
      valueGetter: (_v, row) => formatDay(row.validation?.validation_start_date),
    },
  ];

  if (lines.isError) return <ErrorFetching error={lines.error} />;
  return (
    <>
      <DataGrid
        aria-label={`Select ${word.lowerPlural}`}
        {...serverPaged(lines, [pagination, setPagination], PAGE_SIZES)}
        columns={columns}
        checkboxSelection
        keepNonExistentRowsSelected
        isRowSelectable={() => !disabled}
        rowSelectionModel={selection}
        onRowSelectionModelChange={(model) => {
          // "Select all" on a page may answer an exclude model: keep only explicit ids.
          if (model.type === 'include') onChange([...model.ids].map(Number));
          else
            onChange((lines.data?.items ?? []).map((l) => l.id).filter((id) => !model.ids.has(id)));
        }}
        {...COMPACT_GRID}
        slots={gridOverlays}
      />
      {error && (
        <FormHelperText error role="alert">
          {error}
        </FormHelperText>
      )}
      <FormHelperText>
        {counted(value.length, word.lower, word.lowerPlural)} selected
      </FormHelperText>
    </>
  );
}
