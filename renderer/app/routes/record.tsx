import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import NavigateBeforeIcon from '@mui/icons-material/NavigateBefore';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useDeferredValue, useEffect, useRef, type RefObject } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import type { RecordDto } from '../../../shared/api/records';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { HistoryPanel } from '../../features/audit';
import { useAreaOpen, useSelectedInstituteId } from '../../features/institutes';
import { ErrorFetching } from '../../components/ui/query-state';
import {
  useRecord,
  RecordDetail,
  usePrefetchRecordCharts,
  useRecordNeighbours,
  type RecordNeighbours,
} from '../../features/records';
import { useBackTo } from '../layout/back-to-bar';

/**
 * Before the record: the way back to its list (unless the bar above offers the one it came
 * from) and its neighbours there, a few Shift+Tabs from its heading (issue 44).
 */
function RecordNav({ record, neighbours }: { record: RecordDto; neighbours: RecordNeighbours }) {
  const { state } = useLocation();
  const cameFrom = useBackTo();
  const step = (label: string, to: RecordDto | undefined, icon: 'before' | 'next') => (
    <Button
      size="small"
      component={Link}
      // The next record keeps the way back this one had.
      to={to ? `/record/${to.id}` : '#'}
      state={state}
      disabled={to === undefined}
      startIcon={icon === 'before' ? <NavigateBeforeIcon /> : undefined}
      endIcon={icon === 'next' ? <NavigateNextIcon /> : undefined}
    >
      {label}
    </Button>
  );
  return (
    <Stack
      component="nav"
      aria-label="Records"
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ flexWrap: 'wrap', alignItems: 'center' }}
    >
      {cameFrom === null && (
        <Button
          size="small"
          component={Link}
          to={record.is_reviewed ? '/records' : '/records/to-review'}
          startIcon={<ArrowBackIcon />}
          sx={{ mr: 'auto' }}
        >
          {record.is_reviewed ? 'Back to Reviewed Records' : 'Back to Records to Review'}
        </Button>
      )}
      {step('Previous record', neighbours.previous, 'before')}
      {step('Next record', neighbours.next, 'next')}
    </Stack>
  );
}

/** The record with its way back, its neighbours, its review moving on to the next one. */
function RecordScreen({
  record,
  complete,
  heading,
}: {
  record: RecordDto;
  complete: boolean;
  heading: RefObject<HTMLHeadingElement | null>;
}) {
  const navigate = useNavigate();
  const { state } = useLocation();
  const neighbours = useRecordNeighbours(record);
  // Reviewed from the queue: on to the next record to review (else the one before it), as the
  // review panel does; none left, the focus stays on this record's heading.
  const onSaved = (saved: RecordDto) => {
    if (record.is_reviewed || !saved.is_reviewed) return;
    const to = neighbours.next ?? neighbours.previous;
    if (to) navigate(`/record/${to.id}`, { state });
    else heading.current?.focus();
  };
  return (
    <Stack spacing={2}>
      <RecordNav record={record} neighbours={neighbours} />
      <RecordDetail record={record} complete={complete} heading={heading} onSaved={onSaved} />
      {complete && (
        <HistoryPanel instituteId={record.institute} objectType="record" objectId={record.id} />
      )}
    </Stack>
  );
}

/** /record/{id}: one transit record. */
export default function RecordPage() {
  const id = Number(useParams().id);
  const record = useRecord(id);
  // A shown record's first pass draws what the page is opened for, its figures and first chart;
  // the rest follows at once in a second, interruptible pass instead of holding up that frame.
  const complete = useDeferredValue(record.data !== undefined, false);
  // The selected organization's flags stand for the record's until the record says which it is.
  usePrefetchRecordCharts(id, useAreaOpen('troubleshooting', useSelectedInstituteId()));
  const heading = useRef<HTMLHeadingElement>(null);
  // Moved to another record from this page (a neighbour, a review): the focus goes to the new
  // record's heading, as a move to another screen puts it on that screen's.
  const shown = useRef(id);
  const shownId = record.data?.id;
  useEffect(() => {
    if (shownId === undefined || shownId === shown.current) return;
    shown.current = shownId;
    heading.current?.focus();
  }, [shownId]);
  if (record.isLoading) return <LoadingScreen />;
  if (record.isError || !record.data)
    return (
      <ErrorFetching
        error={record.error}
        back={{ to: '/records', label: 'Records' }}
        notFound="Record not found."
      />
    );
  return <RecordScreen record={record.data} complete={complete} heading={heading} />;
}
