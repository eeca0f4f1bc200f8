import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useInstitutes } from '../api/get-institutes';

/**
 * The staff tables' "Organization" filter: every organization, or all of them (''). The value is
 * the organization's id as text, as the address keeps it.
 */
export function OrganizationFilter({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  const institutes = useInstitutes(false);
  return (
    <TextField
      label="Organization"
      size="small"
      fullWidth={false}
      select
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={{ minWidth: 220 }}
    >
      <MenuItem value="">All organizations</MenuItem>
      {(institutes.data?.items ?? []).map((i) => (
        <MenuItem key={i.id} value={String(i.id)}>
          {i.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
