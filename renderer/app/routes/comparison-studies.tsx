import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router-dom';
import { ComparisonStudiesTable } from '../../features/comparison-studies';
import { useSelectedInstituteId } from '../../features/institutes';
import { GUEST_REASON, useCanEdit } from '../../lib/permissions';

/** /comparison-studies: the paired-sample studies; New Study is disabled for guests. */
export default function ComparisonStudiesPage() {
  const instituteId = useSelectedInstituteId();
  const canEdit = useCanEdit();
  const newButton = (
    <Button
      variant="contained"
      startIcon={<AddIcon />}
      component={Link}
      to="/comparison-studies/new"
      disabled={!canEdit}
    >
      New Study
    </Button>
  );
  return (
    <Stack spacing={2}>
      <Stack sx={{ alignItems: 'center' }} direction="row">
        <Typography variant="h1" sx={{ flexGrow: 1 }}>
          Comparison Studies
        </Typography>
        {canEdit ? (
          newButton
        ) : (
          <Tooltip title={GUEST_REASON}>
            <span>{newButton}</span>
          </Tooltip>
        )}
      </Stack>
      {instituteId !== null && <ComparisonStudiesTable instituteId={instituteId} />}
    </Stack>
  );
}
