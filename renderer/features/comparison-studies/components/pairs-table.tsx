import BlockIcon from '@mui/icons-material/Block';
import UndoIcon from '@mui/icons-material/Undo';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { gridOverlaysEmpty } from '../../../components/ui/grid-overlays';
import { RowAction } from '../../../components/ui/row-action';
import { COMPACT_GRID } from '../../../components/ui/server-grid';
import { withDetail } from '../../../lib/api-client';
import { formatDay } from '../../../lib/calendar-day';
import { formatNumber, formatPercent, MISSING } from '../../../lib/format';
import { useLineWord } from '../../institutes';
import { useDeleteExclusion } from '../api/delete-exclusion';
import type { Analyte, ComparisonPair } from '../api/types';
import { ExcludeDialog } from './exclude-dialog';
import { analyteDecimals, analyteName, analyteUnit } from './study-words';

const PAGE_SIZES = [10, 20, 50, 100];

interface Props {
  studyId: number;
  analyte: Analyte;
  pairs: ComparisonPair[];
  /** Clinical-data ids whose difference lies outside the limits of agreement. */
  outliers: ReadonlySet<number>;
  /** Why exclusions cannot change (a guest, an approved study), or null when they can. */
  readOnlyReason: string | null;
}

/**
 * The pairs of one analyte: reference, test, their differences, the outliers marked and the
 * excluded pairs with their reasons; Exclude asks a reason, Include takes the exclusion back.
 */
export function PairsTable({ studyId, analyte, pairs, outliers, readOnlyReason }: Props) {
  const word = useLineWord();
  const { enqueueSnackbar } = useSnackbar();
  const include = useDeleteExclusion(studyId);
  const [excluding, setExcluding] = useState<ComparisonPair | null>(null);
  const unit = analyteUnit(analyte);
  const decimals = analyteDecimals(analyte);
  const value = (v: number) => formatNumber(v, 2);
  const describe = (p: ComparisonPair) =>
    `${analyteName(analyte)} on ${formatDay(p.date)}${p.line_name ? `, ${word.singular} ${p.line_name}` : ''}: reference ${value(p.reference)} ${unit}, test ${value(p.test)} ${unit}.`;

  const columns: GridColDef<ComparisonPair>[] = [
    {
      field: 'date',
      headerName: 'Date',
      width: 120,
      valueFormatter: (v: string) => formatDay(v),
    },
    { field: 'line_name', headerName: word.singular, flex: 1, minWidth: 120 },
    {
      field: 'reference',
      headerName: `Reference (${unit})`,
      type: 'number',
      width: 160,
      valueFormatter: (v: number) => value(v),
    },
    {
      field: 'test',
      headerName: `Test (${unit})`,
      type: 'number',
      width: 120,
      valueFormatter: (v: number) => value(v),
    },
    {
      field: 'difference',
      headerName: `Difference (${unit})`,
      type: 'number',
      width: 160,
      valueFormatter: (v: number) => formatNumber(v, decimals),
    },
    {
      field: 'percent_difference',
      headerName: 'Difference (%)',
      type: 'number',
      width: 130,
      valueFormatter: (v: number | null) => (v === null ? MISSING : formatPercent(v)),
    },
    {
      field: 'status',
      headerName: 'Status',
      flex: 1.5,
      minWidth: 220,
      sortable: false,
      valueGetter: (_v, row) =>
        row.exclusion ? 'Excluded' : outliers.has(row.clinical_data) ? 'Outlier' : '',
      renderCell: ({ row }) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', py: 0.5 }}>
          {row.exclusion ? (
            <>
              <Chip size="small" label="Excluded" />
              <Typography variant="body2" sx={{ whiteSpace: 'normal' }}>
                {row.exclusion.reason}
                {row.exclusion.analyte === null ? ' (every analyte)' : ''}
              </Typography>
            </>
          ) : (
            outliers.has(row.clinical_data) && (
              <Chip size="small" color="error" variant="outlined" label="Outlier" />
            )
          )}
        </Stack>
      ),
    },
    {
      field: 'actions',
      headerName: 'Actions',
      width: 90,
      sortable: false,
      renderCell: ({ row }) =>
        row.exclusion ? (
          <RowAction
            title={readOnlyReason ?? 'Include'}
            label={`Include ${describe(row)}`}
            icon={<UndoIcon fontSize="small" />}
            disabled={readOnlyReason !== null || include.isPending}
            onClick={() =>
              include.mutate(row.exclusion!.id, {
                onSuccess: () =>
                  enqueueSnackbar('The pair has been included.', { variant: 'success' }),
                onError: (e) =>
                  enqueueSnackbar(withDetail('Unable to include the pair', e), {
                    variant: 'error',
                  }),
              })
            }
          />
        ) : (
          <RowAction
            title={readOnlyReason ?? 'Exclude'}
            label={`Exclude ${describe(row)}`}
            icon={<BlockIcon fontSize="small" />}
            disabled={readOnlyReason !== null}
            onClick={() => setExcluding(row)}
          />
        ),
    },
  ];

  return (
    <>
      <DataGrid
        aria-label={`Pairs of ${analyteName(analyte)}`}
        rows={pairs}
        getRowId={(p) => p.clinical_data}
        columns={columns}
        disableRowSelectionOnClick
        getRowHeight={() => 'auto'}
        initialState={{ pagination: { paginationModel: { pageSize: 20 } } }}
        pageSizeOptions={PAGE_SIZES}
        {...COMPACT_GRID}
        slots={gridOverlaysEmpty('No Pairs')}
      />
      {excluding && (
        <ExcludeDialog
          studyId={studyId}
          clinicalData={excluding.clinical_data}
          analyte={analyte}
          description={describe(excluding)}
          onClose={() => setExcluding(null)}
        />
      )}
    </>
  );
}
