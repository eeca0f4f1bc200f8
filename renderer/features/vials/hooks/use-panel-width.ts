import { useCallback, useState, type PointerEvent } from 'react';

/** administration.md section 9: 360 px by default, resizable up to 1000; double-click resets. */
export const PANEL_WIDTH = { initial: 360, min: 280, max: 1000 } as const;

export const clampPanelWidth = (width: number): number =>
  Math.round(Math.min(PANEL_WIDTH.max, Math.max(PANEL_WIDTH.min, width)));

/** Width of a panel docked at the right edge, dragged by a handle on its left edge. */
export function usePanelWidth() {
  const [width, setWidth] = useState<number>(PANEL_WIDTH.initial);

  const startResize = useCallback((event: PointerEvent<HTMLElement>) => {
    event.preventDefault();
    const move = (e: globalThis.PointerEvent) =>
      setWidth(clampPanelWidth(window.innerWidth - e.clientX));
    const stop = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', stop);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', stop);
  }, []);

  const reset = useCallback(() => setWidth(PANEL_WIDTH.initial), []);
  return { width, startResize, reset };
}
