import Autocomplete, {
  autocompleteClasses,
  type AutocompleteRenderGroupParams,
} from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import ListSubheader from '@mui/material/ListSubheader';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useMemo, useState } from 'react';
import type { Institute } from '../../../../shared/api/institutes';
import { hasMultiInstituteAccess } from '../../../../shared/domain/roles';
import { useIsStaff } from '../../../lib/permissions';
import { useSession } from '../../../lib/session-store';
import { useRememberOrganization, useUser } from '../../auth';
import { useInstitutes } from '../api/get-institutes';
import { useRelationshipLabel } from '../api/get-relationship-labels';
import { useSelectedInstitute, useSelectedInstituteId } from '../hooks/use-selected-institute';

/**
 * A relationship's organizations as an ARIA group of the listbox, named by its heading. MUI's own
 * group is a list item holding a list, which is no listbox structure: screen readers then find
 * options outside any listbox.
 */
function renderOptionGroup({ key, group, children }: AutocompleteRenderGroupParams) {
  const labelId = `organization-group-${key}`;
  return (
    <li key={key} role="presentation">
      <ListSubheader
        component="div"
        id={labelId}
        className={autocompleteClasses.groupLabel}
        sx={{ top: -8 }}
      >
        {group}
      </ListSubheader>
      <Box
        component="ul"
        role="group"
        aria-labelledby={labelId}
        className={autocompleteClasses.groupUl}
        sx={{ p: 0, [`& .${autocompleteClasses.option}`]: { pl: 3 } }}
      >
        {children}
      </Box>
    </li>
  );
}

/**
 * Switches the organization every screen shows. Staff see all organizations, grouped by
 * relationship, and may hide archived ones.
 */
export function OrganizationSelector() {
  const { data: user } = useUser();
  const isStaff = useIsStaff();
  const [excludeArchived, setExcludeArchived] = useState(true);
  const { data } = useInstitutes(isStaff && excludeArchived);
  const selectedId = useSelectedInstituteId();
  const { data: selected } = useSelectedInstitute();
  const selectInstitute = useSession((s) => s.selectInstitute);
  const remember = useRememberOrganization();

  const relationshipLabel = useRelationshipLabel();

  const options = useMemo(() => {
    const items = data?.items ?? [];
    // Autocomplete groups consecutive options, so grouping needs them sorted by group.
    const byRelationshipThenName = (a: Institute, b: Institute) =>
      relationshipLabel(a.relationship).localeCompare(relationshipLabel(b.relationship)) ||
      a.name.localeCompare(b.name);
    return isStaff ? [...items].sort(byRelationshipThenName) : items;
  }, [data, isStaff, relationshipLabel]);
  const value = options.find((i) => i.id === selectedId) ?? selected ?? null;
  const multiAccess =
    user !== undefined && hasMultiInstituteAccess(user.role, user.institutes.length);

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
      <Autocomplete
        size="small"
        sx={{ width: { xs: '100%', sm: 220, lg: 300 }, minWidth: 120, flexShrink: 1 }}
        options={options}
        value={value}
        readOnly={!multiAccess}
        disableClearable={value !== null}
        groupBy={isStaff ? (i) => relationshipLabel(i.relationship) : undefined}
        renderGroup={renderOptionGroup}
        getOptionLabel={(i) => i.name}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        noOptionsText="No Organizations"
        onChange={(_event, institute) => {
          if (!institute) return;
          selectInstitute(institute.id);
          remember.mutate(institute.id);
        }}
        renderInput={(params) => (
          <TextField
            {...params}
            label="Organization"
            placeholder="Search organizations"
            margin="none"
          />
        )}
      />
      {isStaff && (
        <FormControlLabel
          control={
            <Switch
              size="small"
              checked={excludeArchived}
              onChange={(e) => setExcludeArchived(e.target.checked)}
            />
          }
          label="Exclude archived"
          slotProps={{ typography: { variant: 'body2', noWrap: true } }}
        />
      )}
    </Stack>
  );
}
