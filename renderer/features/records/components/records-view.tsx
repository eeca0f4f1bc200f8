import FilterListIcon from '@mui/icons-material/FilterList';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { GridRowSelectionModel } from '@mui/x-data-grid';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { RecordDto } from '../../../../shared/api/records';
import { useCanEdit } from '../../../lib/permissions';
import { SCREEN_HEADINGS } from '../../../shell/screen-shell';
import { useLineWord } from '../../institutes';
import { useRecordSummary } from '../api/get-record-summary';
import { exportRecords } from '../api/export-records';
import { REVIEWED, TO_REVIEW, useRecords } from '../api/get-records';
import { activeFilterCount, filterParams, useRecordFilters } from '../hooks/use-record-filters';
import { useStepKeys } from '../hooks/use-step-keys';
import { BulkActions } from './bulk-actions';
import { RecordFiltersPanel } from './record-filters-panel';
import { ErrorFetching } from '../../../components/ui/query-state';
import { ExportButton } from '../../../components/ui/export-button';

export type RecordsTab = 'to-review' | 'reviewed';

/**
 * The DataGrid and the review form are most of the screen's code: they load beside the screen,
 * not before it, so its title and tabs show without waiting for them (issue 21).
 */
const RecordsTable = lazy(() =>
  import('./records-table').then((m) => ({ default: m.RecordsTable })),
);
const loadReviewPanel = () => import('./record-review-panel');
const RecordReviewPanel = lazy(() =>
  loadReviewPanel().then((m) => ({ default: m.RecordReviewPanel })),
);
const AllReviewedPanel = lazy(() =>
  loadReviewPanel().then((m) => ({ default: m.AllReviewedPanel })),
);
/** The empty compact grid's height, held while the list's code or its first page loads. */
const GRID_LOADING_HEIGHT = 166;

function GridLoading() {
  return (
    <Box
      role="status"
      sx={{
        height: GRID_LOADING_HEIGHT,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
      }}
    >
      <Typography color="text.secondary">Retrieving Data...</Typography>
    </Box>
  );
}

const emptySelection = (): GridRowSelectionModel => ({ type: 'include', ids: new Set() });

/** The record after `id` in the list, else the one before it: where a review moves on to. */
const nextAfter = (rows: RecordDto[], id: number): RecordDto | undefined => {
  const at = rows.findIndex((r) => r.id === id);
  return rows[at + 1] ?? rows[at - 1];
};

interface Props {
  instituteId: number;
  timeZone: string;
  tab: RecordsTab;
}

/**
 * The page's title row. The route shows it at once, while the organization is still on its way
 * (the title is the first thing a user sees of the page); the list's actions join it after.
 */
export function RecordsTitle({ children }: { children?: ReactNode }) {
  return (
    // On a phone the actions wrap below the title rather than squeeze it onto two lines.
    <Stack
      direction="row"
      spacing={2}
      useFlexGap
      sx={{ mb: 1, alignItems: 'center', flexWrap: 'wrap' }}
    >
      {/* At the row's top, where the screen shell drew it, whatever the actions' height. */}
      <Typography variant="h1" sx={{ flexGrow: 1, alignSelf: 'flex-start' }}>
        {SCREEN_HEADINGS.records}
      </Typography>
      {children}
    </Stack>
  );
}

/** Transit Records: tabs, filters, the list and, beside it, the chosen record's review. */
export function RecordsView({ instituteId, timeZone, tab }: Props) {
  const navigate = useNavigate();
  const word = useLineWord();
  const editable = useCanEdit();
  const { filters, page, size, ordering, setFilters, setView, clearFilters, search } =
    useRecordFilters();
  const activeFilters = activeFilterCount(filters);
  const [showFilters, setShowFilters] = useState(activeFilters > 0);
  const [activeId, setActiveId] = useState<number | null>(null);
  // The review queue was worked through from the panel: it says so in the panel's place.
  const [allReviewed, setAllReviewed] = useState(false);
  const [selection, setSelection] = useState(emptySelection);

  const summary = useRecordSummary(instituteId);
  const listParams = (of: RecordsTab) => ({
    ...filterParams(filters),
    ...(of === 'to-review' ? TO_REVIEW : REVIEWED),
  });
  const params = { ...listParams(tab), page: page - 1, size, ordering };
  // The review queue fills as vials upload: it polls; the reviewed list does not.
  const records = useRecords(instituteId, params, { poll: tab === 'to-review' });
  // Each tab's count is its list's total under the same filters: the shown list's own, and one
  // row of the other list for its total (polled, as reviews move records between the two).
  const otherTab: RecordsTab = tab === 'to-review' ? 'reviewed' : 'to-review';
  const other = useRecords(instituteId, { ...listParams(otherTab), size: 1 }, { poll: true });
  const tabCount = (of: RecordsTab) => (of === tab ? records.data?.total : other.data?.total) ?? 0;
  const rows = useMemo(() => records.data?.items ?? [], [records.data]);

  // Another page, tab or filter: the checked rows are no longer the ones shown.
  useEffect(() => {
    setSelection(emptySelection());
    setAllReviewed(false);
  }, [tab, search]);

  // One object while the checked rows stay: the grid is not drawn again for a poll (issue 44).
  const gridSelection = useMemo(
    () => (editable ? { model: selection, onChange: setSelection } : undefined),
    [editable, selection],
  );
  const selectedRows = rows.filter((r) =>
    selection.type === 'include' ? selection.ids.has(r.id) : !selection.ids.has(r.id),
  );
  const active = rows.find((r) => r.id === activeId) ?? null;
  const toReview = summary.data?.not_reviewed ?? 0;
  const showToReviewTab = toReview > 0 || tab === 'to-review';
  const tabSearch = search.toString() ? `?${search.toString()}` : '';

  const show = (record: RecordDto | undefined) => {
    setActiveId(record?.id ?? null);
    setAllReviewed(record === undefined);
  };
  const step = useCallback(
    (by: 1 | -1) => {
      const at = rows.findIndex((r) => r.id === activeId);
      const to = rows[at + by];
      if (to) setActiveId(to.id);
    },
    [rows, activeId],
  );
  useStepKeys(active !== null, step);

  // One function while the list stays the same: the grid's columns are built with it.
  const open = useCallback(
    (record: RecordDto) => {
      if (editable) {
        setActiveId(record.id);
        setAllReviewed(false);
      } else
        navigate(`/record/${record.id}`, {
          state: { from: { name: 'Transit Records', path: `/records${tabSearch}` } },
        });
    },
    [editable, navigate, tabSearch],
  );

  return (
    <Box>
      <RecordsTitle>
        <ExportButton
          onExport={(format, onProgress) => exportRecords(instituteId, params, format, onProgress)}
        />
        <Badge badgeContent={activeFilters} color="primary" overlap="rectangular">
          <Button
            variant="outlined"
            startIcon={<FilterListIcon />}
            onClick={() => setShowFilters((s) => !s)}
            aria-expanded={showFilters}
          >
            {showFilters ? 'Hide Filters' : 'Show Filters'}
          </Button>
        </Badge>
      </RecordsTitle>
      {/* Links to the two lists: each tab is a stop of Tab, like the main tabs. */}
      <Tabs value={tab} aria-label="Record lists" sx={{ mb: 1 }}>
        {showToReviewTab && (
          <Tab
            value="to-review"
            label={`To Review (${tabCount('to-review')})`}
            component={Link}
            to={`/records/to-review${tabSearch}`}
            tabIndex={0}
          />
        )}
        <Tab
          value="reviewed"
          label={`Reviewed (${tabCount('reviewed')})`}
          component={Link}
          to={`/records${tabSearch}`}
          tabIndex={0}
        />
      </Tabs>
      <Collapse in={showFilters} unmountOnExit>
        <RecordFiltersPanel
          instituteId={instituteId}
          timeZone={timeZone}
          filters={filters}
          onChange={setFilters}
          onClear={clearFilters}
        />
      </Collapse>
      {editable && selectedRows.length > 0 && (
        <BulkActions
          instituteId={instituteId}
          selected={selectedRows}
          onDone={() => setSelection(emptySelection())}
        />
      )}
      {records.isError ? (
        <ErrorFetching error={records.error} />
      ) : (
        // On a phone the review panel comes above the list, the width of the screen.
        <Stack
          direction={{ xs: 'column-reverse', md: 'row' }}
          spacing={2}
          sx={{ alignItems: { xs: 'stretch', md: 'flex-start' } }}
        >
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            {/* The grid grows to its rows: drawn before its first page arrives, it would grow in
                view, and its footer move (layout shift, issue 21). */}
            {records.data === undefined ? (
              <GridLoading />
            ) : (
              <Suspense fallback={<GridLoading />}>
                <RecordsTable
                  rows={rows}
                  total={records.data.total}
                  word={word}
                  page={page}
                  size={size}
                  ordering={ordering}
                  onView={setView}
                  selection={gridSelection}
                  activeId={activeId}
                  onOpen={open}
                  emptyText={tab === 'to-review' ? 'No Records to Review' : 'No Records'}
                />
              </Suspense>
            )}
          </Box>
          {active && (
            <Suspense>
              <RecordReviewPanel
                record={active}
                onClose={() => setActiveId(null)}
                onSaved={(saved) => {
                  // A reviewed record leaves the queue: the panel moves on to the next one, so a
                  // morning's runs are reviewed without going back to the list.
                  if (tab === 'to-review' && saved.is_reviewed) show(nextAfter(rows, saved.id));
                }}
              />
            </Suspense>
          )}
          {!active && allReviewed && (
            <Suspense>
              <AllReviewedPanel onClose={() => setAllReviewed(false)} />
            </Suspense>
          )}
        </Stack>
      )}
    </Box>
  );
}
