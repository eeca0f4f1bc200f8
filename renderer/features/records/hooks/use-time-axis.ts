import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { TimeAxisMode } from '../../../components/charts/options';

/** Runs longer than this open on clock time (monitoring.md section 9). */
export const CLOCK_TIME_AFTER_SECONDS = 3600;

interface TimeAxisPreference {
  /** Null until the user chooses: then the run's length decides. */
  mode: TimeAxisMode | null;
  setMode: (mode: TimeAxisMode) => void;
}

/** The Elapsed / Clock choice, kept on this computer across records and sessions. */
const usePreference = create<TimeAxisPreference>()(
  persist((set) => ({ mode: null, setMode: (mode) => set({ mode }) }), {
    name: 'vialqc-time-axis',
  }),
);

export function useTimeAxis(durationSeconds: number | null) {
  const { mode, setMode } = usePreference();
  const automatic: TimeAxisMode =
    (durationSeconds ?? 0) > CLOCK_TIME_AFTER_SECONDS ? 'clock' : 'elapsed';
  return { mode: mode ?? automatic, setMode };
}
