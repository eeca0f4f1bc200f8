import { useEffect } from 'react';

/** J and K, and the arrow keys, step through a list: +1 the next record, -1 the previous one. */
const STEPS: Record<string, 1 | -1> = { j: 1, k: -1, ArrowDown: 1, ArrowUp: -1 };

/** Where a typed letter or an arrow belongs to what has the focus. */
const TEXT_ENTRY =
  'textarea, select, [contenteditable="true"], input:not([type="checkbox"]):not([type="radio"])';
/** Controls that move with the arrow keys themselves, and dialogs over the list. */
const OWN_ARROWS =
  '[role="grid"], [role="tablist"], [role="listbox"], [role="menu"], [role="radiogroup"], [role="slider"], [role="combobox"]';
const DIALOG = '[role="dialog"], [role="alertdialog"]';

function stepOf(event: KeyboardEvent): 1 | -1 | undefined {
  const by = STEPS[event.key];
  if (!by || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.shiftKey || !(event.target instanceof Element)) return;
  const arrow = event.key.startsWith('Arrow');
  const refused = [TEXT_ENTRY, DIALOG, ...(arrow ? [OWN_ARROWS] : [])].join(', ');
  return event.target.closest(refused) ? undefined : by;
}

/**
 * While `enabled`, J/K and ArrowDown/ArrowUp call `onStep` with +1 or -1, unless a text field,
 * a dialog or (for the arrows) a control that moves with them has the focus.
 */
export function useStepKeys(enabled: boolean, onStep: (by: 1 | -1) => void): void {
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const by = stepOf(event);
      if (by === undefined) return;
      event.preventDefault();
      onStep(by);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled, onStep]);
}
