import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router-dom';
import { useSelectedInstituteId } from '../../features/institutes';
import { ValidationsTable } from '../../features/validations';
import { GUEST_REASON, useCanEdit } from '../../lib/permissions';

/** /validations: the validation list; New Validation is disabled for guests. */
export default function ValidationsPage() {
  const instituteId = useSelectedInstituteId();
  const canEdit = useCanEdit();
  const newButton = (
    <Button
      variant="contained"
      startIcon={<AddIcon />}
      component={Link}
      to="/validation/new"
      disabled={!canEdit}
    >
      New Validation
    </Button>
  );
  return (
    <Stack spacing={2}>
      <Stack sx={{ alignItems: 'center' }} direction="row">
        <Typography variant="h1" sx={{ flexGrow: 1 }}>
          Validations
        </Typography>
        {canEdit ? (
          newButton
        ) : (
          <Tooltip title={GUEST_REASON}>
            <span>{newButton}</span>
          </Tooltip>
        )}
      </Stack>
      {instituteId !== null && <ValidationsTable instituteId={instituteId} />}
    </Stack>
  );
}
