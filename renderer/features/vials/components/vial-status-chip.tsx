import Chip from '@mui/material/Chip';

/** A vial's state in the registry: Active, or Retired once deleted. */
export function VialStatusChip({ retired }: { retired: boolean }) {
  return retired ? (
    <Chip size="small" label="Retired" color="error" variant="outlined" />
  ) : (
    <Chip size="small" label="Active" color="success" />
  );
}
