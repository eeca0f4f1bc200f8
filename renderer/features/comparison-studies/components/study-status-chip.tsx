import Chip from '@mui/material/Chip';
import type { ComparisonStudyDto } from '../api/types';

/** 'Draft' or 'Approved', in words and colour. */
export const StudyStatusChip = ({ status }: { status: ComparisonStudyDto['status'] }) => (
  <Chip
    size="small"
    color={status === 'approved' ? 'success' : 'info'}
    label={status === 'approved' ? 'Approved' : 'Draft'}
  />
);
