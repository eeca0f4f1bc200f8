import EditIcon from '@mui/icons-material/Edit';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ExportButton } from '../../components/ui/export-button';
import { ErrorFetching, RetrievingData } from '../../components/ui/query-state';
import { HistoryPanel } from '../../features/audit';
import { Comments } from '../../features/comments';
import {
  exportValidationLines,
  useValidation,
  CompleteValidationButton,
  DeleteValidationButton,
  ValidationProgress,
  ValidationReportActions,
  ValidationResults,
  ValidationStatusChip,
} from '../../features/validations';
import { useCanEdit } from '../../lib/permissions';
import { formatDay } from '../../lib/calendar-day';
import { counted } from '../../../shared/domain/plural';

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

/** /validation/{id}: progress while in progress; results and report once completed. */
export default function ValidationDetailPage() {
  const id = Number(useParams().id);
  const canEdit = useCanEdit();
  const validation = useValidation(id);
  if (validation.isError)
    return (
      <ErrorFetching
        error={validation.error}
        back={{ to: '/validations', label: 'Validations' }}
        notFound="Validation not found."
      />
    );
  if (!validation.data) return <RetrievingData />;
  const v = validation.data;
  const completed = v.status === 'completed';

  return (
    <Stack spacing={2}>
      <Stack sx={{ alignItems: 'center', flexWrap: 'wrap' }} direction="row" spacing={2} useFlexGap>
        <Typography variant="h1">{v.name}</Typography>
        <ValidationStatusChip status={v.status} />
        {v.baseline && <Chip size="small" variant="outlined" label="Baseline" />}
        <span style={{ flexGrow: 1 }} />
        {!completed && canEdit && (
          <Button startIcon={<EditIcon />} component={Link} to={`/validation/${v.id}/edit`}>
            Edit
          </Button>
        )}
        {!completed && <CompleteValidationButton validation={v} />}
        {canEdit && <DeleteValidationButton validation={v} />}
        {completed && (
          <ExportButton
            onExport={(format, onProgress) => exportValidationLines(v.id, format, onProgress)}
          />
        )}
        {completed && <ValidationReportActions validation={v} />}
      </Stack>
      <Paper sx={{ p: 2 }}>
        <Stack sx={{ flexWrap: 'wrap' }} direction="row" spacing={4} useFlexGap>
          <Fact label="Start Date">{formatDay(v.start_date)}</Fact>
          <Fact label="End Date">{formatDay(v.end_date)}</Fact>
          <Fact label="Duration">{counted(v.duration_days, 'day', 'days')}</Fact>
          {completed && <Fact label="Completed">{formatDay(v.completed_at)}</Fact>}
          <Fact label="Next Validation">{formatDay(v.next_validation_date)}</Fact>
        </Stack>
      </Paper>
      {completed ? (
        <ValidationResults validationId={v.id} />
      ) : (
        <ValidationProgress validationId={v.id} />
      )}
      <Paper sx={{ p: 2 }}>
        <Comments resource="validations" id={v.id} />
      </Paper>
      <HistoryPanel instituteId={v.institute} objectType="validation" objectId={v.id} />
    </Stack>
  );
}
