import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { OpenEventsPanel } from '../../events';
import { useFeatureFlags } from '../../institutes';
import { useLines } from '../../lines';
import { useRecordSummary } from '../../records';
import { ActivityHeatMap } from './activity-heat-map';
import { GettingStartedPanel } from './getting-started-panel';
import { GuideDialog } from './guides';
import { LatestRecords } from './latest-records';
import { ReviewPanel } from './review-panel';
import { ValidationPanel } from './validation-panel';
import { Welcome } from './welcome';
import { ErrorFetching } from '../../../components/ui/query-state';
import { SCREEN_HEADINGS } from '../../../shell/screen-shell';

/**
 * The record summary decides the layout (polled every 3 s): before any record the getting-started
 * and validation panels; after, validation, review and the further panels (open events below the
 * heat map, so nothing above the map moves while they load). Until the summary answers, the page
 * is laid out as for a lab with records, as nearly every visit is: each card takes its place and
 * size at once and its data fill it, so nothing jumps when they arrive (the cards' own queries
 * start at once too, beside the summary's).
 */
export function DashboardView({ instituteId, name }: { instituteId: number; name: string }) {
  const summary = useRecordSummary(instituteId);
  const { validation, monitoring } = useFeatureFlags();
  // The lines name the open events' lines: asked for only where the events panel shows.
  const lines = useLines({ instituteId: monitoring ? instituteId : null });
  const s = summary.data;
  const noRecords = s !== undefined && s.reviewed + s.not_reviewed + s.unprocessed === 0;
  const withRecords = !summary.isError && !noRecords;

  return (
    <Grid container spacing={2}>
      <Grid size={12}>
        <Paper sx={{ p: 2 }}>
          <Typography variant="h1">{SCREEN_HEADINGS.dashboard}</Typography>
          <Typography variant="subtitle1" color="text.secondary" gutterBottom>
            {name}
          </Typography>
          <Welcome />
        </Paper>
      </Grid>
      {summary.isError && (
        <Grid size={12}>
          <ErrorFetching error={summary.error} />
        </Grid>
      )}
      {noRecords && (
        <Grid size={{ xs: 12, md: validation ? 7 : 12 }}>
          <GettingStartedPanel />
        </Grid>
      )}
      {!summary.isError && validation && (
        <Grid size={{ xs: 12, md: noRecords ? 5 : 6 }}>
          <ValidationPanel instituteId={instituteId} />
        </Grid>
      )}
      {withRecords && (
        <>
          <Grid size={{ xs: 12, md: validation ? 6 : 12 }}>
            <ReviewPanel instituteId={instituteId} summary={s} />
          </Grid>
          <Grid size={12}>
            <ActivityHeatMap instituteId={instituteId} />
          </Grid>
          {monitoring && (
            <Grid size={12}>
              <OpenEventsPanel instituteId={instituteId} lines={lines.data?.items ?? []} />
            </Grid>
          )}
          <Grid size={12}>
            <LatestRecords instituteId={instituteId} />
          </Grid>
        </>
      )}
      <GuideDialog />
    </Grid>
  );
}
