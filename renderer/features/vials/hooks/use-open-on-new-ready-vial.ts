import { useEffect, useRef } from 'react';
import type { VialDrive } from '../../../../shared/ipc/vial-drive';

/** Ready vials that were not ready (or not there) in the previous list. */
export function newlyReady(
  previouslyReady: ReadonlySet<string>,
  vials: readonly VialDrive[],
): string[] {
  return vials.filter((v) => v.status === 'ready' && !previouslyReady.has(v.id)).map((v) => v.id);
}

/** Calls `open` whenever a vial becomes ready to upload (plugged in with data). */
export function useOpenOnNewReadyVial(
  vials: readonly VialDrive[] | undefined,
  open: () => void,
): void {
  const ready = useRef<ReadonlySet<string>>(new Set());
  useEffect(() => {
    if (!vials) return;
    const fresh = newlyReady(ready.current, vials);
    ready.current = new Set(vials.filter((v) => v.status === 'ready').map((v) => v.id));
    if (fresh.length > 0) open();
  }, [vials, open]);
}
