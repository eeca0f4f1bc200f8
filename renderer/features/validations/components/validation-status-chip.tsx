import Chip from '@mui/material/Chip';
import type { ValidationDto } from '../../../../shared/api/validations';

export const ValidationStatusChip = ({ status }: { status: ValidationDto['status'] }) => (
  <Chip
    size="small"
    color={status === 'completed' ? 'success' : 'info'}
    label={status === 'completed' ? 'Completed' : 'In Progress'}
  />
);
