import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { ReactElement } from 'react';
import { Link as RouterLink } from 'react-router-dom';

interface RowActionProps {
  /** What the tooltip shows. */
  title: string;
  /** What a screen reader announces: the action and its row, e.g. "Edit Contract 2025". */
  label: string;
  icon: ReactElement;
  /** Either a click handler or a route to go to. */
  onClick?: () => void;
  to?: string;
  disabled?: boolean;
}

/** One icon action of a table row or list item, named by its tooltip and its aria-label. */
export function RowAction({ title, label, icon, onClick, to, disabled = false }: RowActionProps) {
  const button = to ? (
    <IconButton size="small" aria-label={label} disabled={disabled} component={RouterLink} to={to}>
      {icon}
    </IconButton>
  ) : (
    <IconButton size="small" aria-label={label} disabled={disabled} onClick={onClick}>
      {icon}
    </IconButton>
  );
  // A disabled button fires no pointer events: the span keeps the tooltip explaining why.
  return (
    <Tooltip title={title}>
      <span>{button}</span>
    </Tooltip>
  );
}
