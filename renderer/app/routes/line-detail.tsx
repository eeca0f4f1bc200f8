import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import SettingsIcon from '@mui/icons-material/Settings';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { Link, Navigate, useParams } from 'react-router-dom';
import { ErrorFetching, RetrievingData } from '../../components/ui/query-state';
import { HistoryPanel } from '../../features/audit';
import { useFeatureFlags, useLineWord } from '../../features/institutes';
import { LineEvents } from '../../features/events';
import { LabOutcomesView } from '../../features/lab-outcomes';
import { LineMonitoring, LineSummary, LineValidationsTable, useLine } from '../../features/lines';
import { LineRecordsList, TrendPlot } from '../../features/records';
import { LineValidationActions } from '../../features/validations';

/** /line/{id}/{view}: summary, monitoring (flag), records, validations (flag), lab outcomes (flag). */
export default function LineDetailPage() {
  const { id: idParam, view = 'summary' } = useParams();
  const id = Number(idParam);
  const word = useLineWord();
  const flags = useFeatureFlags();
  const line = useLine(id);
  const views = [
    { value: 'summary', label: 'Summary', on: true },
    { value: 'monitoring', label: 'Monitoring', on: flags.monitoring },
    { value: 'records', label: 'Records', on: true },
    { value: 'validations', label: 'Validations', on: flags.validation },
    { value: 'outcomes', label: 'Lab outcomes', on: flags.hemolysisTracking },
  ].filter((v) => v.on);

  if (line.isError)
    return (
      <ErrorFetching
        error={line.error}
        back={{ to: '/lines', label: word.plural }}
        notFound={`${word.singular} not found.`}
      />
    );
  if (!line.data) return <RetrievingData />;
  if (!views.some((v) => v.value === view)) return <Navigate to={`/line/${id}/summary`} replace />;
  const l = line.data;

  return (
    <Stack spacing={2}>
      <Stack sx={{ alignItems: 'center', flexWrap: 'wrap' }} direction="row" spacing={2} useFlexGap>
        <Typography variant="h1">{l.name}</Typography>
        {l.archived && <Chip size="small" label="Archived" />}
        {l.is_hand_carried && <Chip size="small" variant="outlined" label="Hand Carried" />}
        <span style={{ flexGrow: 1 }} />
        {flags.validation && <LineValidationActions instituteId={l.institute} lineId={l.id} />}
        <Button
          component={Link}
          to={`/line/${l.id}/records/compare`}
          startIcon={<CompareArrowsIcon />}
        >
          Compare Records
        </Button>
        <Button component={Link} to={`/line/${l.id}/settings`} startIcon={<SettingsIcon />}>
          {word.singular} Settings
        </Button>
      </Stack>
      {/* On a phone the views scroll in their row, the page keeps its width. */}
      <Tabs
        value={view}
        aria-label={`${word.singular} views`}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
      >
        {views.map((v) => (
          <Tab
            key={v.value}
            value={v.value}
            label={v.label}
            component={Link}
            to={`/line/${l.id}/${v.value}`}
          />
        ))}
      </Tabs>
      {view === 'summary' && <LineSummary line={l} />}
      {view === 'monitoring' && (
        <>
          <LineMonitoring lineId={l.id} instituteId={l.institute} />
          <LineEvents instituteId={l.institute} lineId={l.id} />
          <TrendPlot line={l} instituteId={l.institute} height={420} testId="line-trend-plot" />
        </>
      )}
      {view === 'records' && <LineRecordsList instituteId={l.institute} lineId={l.id} />}
      {view === 'validations' && <LineValidationsTable lineId={l.id} />}
      {view === 'outcomes' && <LabOutcomesView lineId={l.id} instituteId={l.institute} />}
      <HistoryPanel instituteId={l.institute} objectType="line" objectId={l.id} />
    </Stack>
  );
}
