import DescriptionIcon from '@mui/icons-material/Description';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ExportButton } from '../../../components/ui/export-button';
import { ErrorFetching, RetrievingData } from '../../../components/ui/query-state';
import { withDetail } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { GUEST_REASON, useCanEdit } from '../../../lib/permissions';
import { useLineWord } from '../../institutes';
import { useLines } from '../../lines';
import { downloadStudyReport, exportComparisonStudy } from '../api/download-study-files';
import { useComparisonPairs } from '../api/get-comparison-pairs';
import { useComparisonResults } from '../api/get-comparison-results';
import { useComparisonStudy } from '../api/get-comparison-study';
import type { ComparisonStudyDto } from '../api/types';
import { AnalytePanel } from './analyte-panel';
import { ApproveButton } from './approve-button';
import { StudyStatusChip } from './study-status-chip';
import { analyteName, formatConfidence, formatStudyDays } from './study-words';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography component="div">{children}</Typography>
    </div>
  );
}

/** Report: the study's PDF, built on request; the button shows the wait, never freezes. */
function ReportButton({ study }: { study: ComparisonStudyDto }) {
  const { enqueueSnackbar } = useSnackbar();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="outlined"
      startIcon={<DescriptionIcon />}
      loading={busy}
      loadingPosition="start"
      onClick={async () => {
        setBusy(true);
        try {
          await downloadStudyReport(study.id, study.name);
        } catch (error) {
          enqueueSnackbar(withDetail('Error downloading the report.', error), { variant: 'error' });
        } finally {
          setBusy(false);
        }
      }}
    >
      Report
    </Button>
  );
}

/**
 * /comparison-studies/{id}: the study's facts, Approve, Report and Export, then a tab per
 * analyte (in the address) with its verdict, plots, figures and pairs.
 */
export function ComparisonStudyDetail({ id }: { id: number }) {
  const word = useLineWord();
  const canEdit = useCanEdit();
  const study = useComparisonStudy(id);
  const results = useComparisonResults(id);
  const pairs = useComparisonPairs(id);
  const lines = useLines({ instituteId: study.data?.institute ?? null });
  const [params, setParams] = useSearchParams();
  const back = { to: '/comparison-studies', label: 'Comparison Studies' };

  if (study.isError)
    return <ErrorFetching error={study.error} back={back} notFound="No Comparison Study" />;
  if (!study.data) return <RetrievingData />;
  const s = study.data;
  const approved = s.status === 'approved';
  const analytes = s.analytes.map((a) => a.analyte);
  const analyte = analytes.find((a) => a === params.get('analyte')) ?? analytes[0];
  const setting = s.analytes.find((a) => a.analyte === analyte);
  const lineName = new Map((lines.data?.items ?? []).map((l) => [l.id, l.name]));
  const readOnlyReason = !canEdit
    ? GUEST_REASON
    : approved
      ? 'An approved study cannot be changed.'
      : null;

  let body: ReactNode;
  if (results.isError || pairs.isError)
    body = <ErrorFetching error={results.error ?? pairs.error} />;
  else if (!results.data || !pairs.data || !setting) body = <RetrievingData />;
  else
    body = (
      <AnalytePanel
        key={analyte}
        studyId={s.id}
        setting={setting}
        groups={results.data.groups.filter((g) => g.analyte === analyte)}
        pairs={pairs.data.filter((p) => p.analyte === analyte)}
        readOnlyReason={readOnlyReason}
      />
    );

  return (
    <Stack spacing={2}>
      <Stack sx={{ alignItems: 'center', flexWrap: 'wrap' }} direction="row" spacing={2} useFlexGap>
        <Typography variant="h1">{s.name}</Typography>
        <StudyStatusChip status={s.status} />
        <span style={{ flexGrow: 1 }} />
        <ApproveButton study={s} />
        <ReportButton study={s} />
        <ExportButton
          onExport={(format, onProgress) => exportComparisonStudy(s.id, format, onProgress)}
        />
      </Stack>
      <Paper sx={{ p: 2 }}>
        <Stack sx={{ flexWrap: 'wrap' }} direction="row" spacing={4} useFlexGap>
          <Fact label={word.plural}>
            {s.line_ids.map((l) => lineName.get(l) ?? `#${l}`).join(', ')}
          </Fact>
          <Fact label="Dates">{formatStudyDays(s.date__gte, s.date__lt)}</Fact>
          <Fact label="Analytes">{s.analytes.map((a) => analyteName(a.analyte)).join(', ')}</Fact>
          <Fact label="Confidence">{formatConfidence(s.confidence)}</Fact>
          <Fact label="Error ratio λ">{s.error_ratio}</Fact>
          {results.data && <Fact label="Computed">{formatDateTime(results.data.computed_at)}</Fact>}
          {approved && <Fact label="Approved">{formatDateTime(s.approved_at)}</Fact>}
        </Stack>
      </Paper>
      <Tabs
        value={analyte}
        // Another analyte starts at all lines: its groups are other groups.
        onChange={(_e, v: string) => setParams({ analyte: v }, { replace: true })}
        aria-label="Analyte"
        variant="scrollable"
      >
        {analytes.map((a) => (
          <Tab key={a} value={a} label={analyteName(a)} />
        ))}
      </Tabs>
      {body}
    </Stack>
  );
}
