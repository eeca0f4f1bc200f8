import Badge, { type BadgeProps } from '@mui/material/Badge';
import type { ReactElement } from 'react';

/**
 * An icon button's count over its icon, absent at zero. MUI's Badge keeps its last count as
 * hidden text once it falls to zero: a number the button's name would not hold (WCAG 2.5.3).
 */
export function CountBadge({
  count,
  color,
  children,
}: {
  count: number;
  color: BadgeProps['color'];
  children: ReactElement;
}) {
  if (count === 0) return children;
  return (
    <Badge badgeContent={count} color={color}>
      {children}
    </Badge>
  );
}

/** The name of a button with a CountBadge: its label, and the count the badge shows. */
export const countedName = (label: string, count: number): string =>
  count === 0 ? label : `${label} (${count})`;
