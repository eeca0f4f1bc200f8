import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { Link as RouterLink } from 'react-router-dom';
import { gridOverlaysEmpty } from '../../../components/ui/grid-overlays';
import { ErrorFetching } from '../../../components/ui/query-state';
import { COMPACT_GRID, serverPaged } from '../../../components/ui/server-grid';
import { useUrlPagination } from '../../../lib/use-url-pagination';
import { useLineWord } from '../../institutes';
import { useLines } from '../../lines';
import { useComparisonStudies } from '../api/get-comparison-studies';
import type { ComparisonStudyDto } from '../api/types';
import { StudyStatusChip } from './study-status-chip';
import { analyteTab, formatStudyDays } from './study-words';
import { VerdictChip } from './verdict';

const PAGE_SIZES = [10, 20, 50, 100];

/** Each analyte's verdict over all the study's lines, as chips that name the analyte. */
function StudyVerdicts({ study }: { study: ComparisonStudyDto }) {
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ alignItems: 'center', flexWrap: 'wrap', py: 0.5 }}
      useFlexGap
    >
      {study.verdicts.map((v) => (
        <Stack key={v.analyte} direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          <Typography variant="body2">{analyteTab(v.analyte)}:</Typography>
          <VerdictChip group={v} />
        </Stack>
      ))}
    </Stack>
  );
}

/**
 * The institute's paired-sample studies, newest first, a page at a time (page and size in the
 * address): name, lines, days, analytes, each analyte's verdict over all lines, status.
 */
export function ComparisonStudiesTable({ instituteId }: { instituteId: number }) {
  const word = useLineWord();
  const [pagination, setPagination] = useUrlPagination(PAGE_SIZES);
  const studies = useComparisonStudies({
    instituteId,
    page: pagination.page,
    size: pagination.pageSize,
  });
  const lines = useLines({ instituteId });
  const lineName = new Map((lines.data?.items ?? []).map((l) => [l.id, l.name]));

  const columns: GridColDef<ComparisonStudyDto>[] = [
    {
      field: 'name',
      headerName: 'Name',
      flex: 1,
      minWidth: 180,
      sortable: false,
      renderCell: ({ row }) => (
        <Link component={RouterLink} to={`/comparison-studies/${row.id}`}>
          {row.name}
        </Link>
      ),
    },
    {
      field: 'line_ids',
      headerName: word.plural,
      flex: 1,
      minWidth: 160,
      sortable: false,
      valueGetter: (_v, row) => row.line_ids.map((id) => lineName.get(id) ?? `#${id}`).join(', '),
    },
    {
      field: 'dates',
      headerName: 'Dates',
      width: 210,
      sortable: false,
      valueGetter: (_v, row) => formatStudyDays(row.date__gte, row.date__lt),
    },
    {
      field: 'analytes',
      headerName: 'Analytes',
      width: 150,
      sortable: false,
      valueGetter: (_v, row) => row.analytes.map((a) => analyteTab(a.analyte)).join(', '),
    },
    {
      field: 'verdicts',
      headerName: `Verdicts (all ${word.lowerPlural})`,
      flex: 1.5,
      minWidth: 260,
      sortable: false,
      renderCell: ({ row }) => <StudyVerdicts study={row} />,
    },
    {
      field: 'status',
      headerName: 'Status',
      width: 110,
      sortable: false,
      renderCell: ({ row }) => <StudyStatusChip status={row.status} />,
    },
  ];

  if (studies.isError) return <ErrorFetching error={studies.error} />;
  return (
    <DataGrid
      aria-label="Comparison studies"
      {...serverPaged(studies, [pagination, setPagination], PAGE_SIZES)}
      columns={columns}
      disableRowSelectionOnClick
      getRowHeight={() => 'auto'}
      {...COMPACT_GRID}
      slots={gridOverlaysEmpty('No Comparison Studies')}
    />
  );
}
