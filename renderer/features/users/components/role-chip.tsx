import Chip, { type ChipProps } from '@mui/material/Chip';
import type { Role } from '../../../../shared/domain/roles';

/** Each role its own colour, and always its name: never colour alone. */
const COLORS: Record<Role, ChipProps['color']> = {
  guest: 'default',
  member: 'info',
  admin: 'secondary',
  owner: 'primary',
  staff: 'warning',
};

const label = (role: Role) => role.charAt(0).toUpperCase() + role.slice(1);

export const RoleChip = ({ role }: { role: Role }) => (
  <Chip size="small" color={COLORS[role]} label={label(role)} />
);
