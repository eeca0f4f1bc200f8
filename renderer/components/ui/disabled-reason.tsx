import Tooltip from '@mui/material/Tooltip';
import type { ReactElement } from 'react';

/**
 * A control that may be disabled, with the reason shown on hover and focus. A disabled button
 * gets no pointer events, so the tooltip sits on a wrapper.
 */
export function DisabledReason({
  reason,
  children,
}: {
  /** Null when the control is usable: no tooltip then. */
  reason: string | null;
  children: ReactElement;
}) {
  if (reason === null) return children;
  return (
    <Tooltip title={reason}>
      <span style={{ display: 'inline-flex' }} tabIndex={0} aria-label={reason}>
        {children}
      </span>
    </Tooltip>
  );
}
