/** Hemolysis-index data (hemolysis-data.md sections 3 and 4): list, upload, day view, insights. */
export { HemolysisList } from './components/hemolysis-list';
export { HemolysisDayView } from './components/hemolysis-day-view';
export { HemolysisSettings } from './components/hemolysis-settings';
export { ObservedVsPredicted } from './components/observed-vs-predicted';
export { hemolysisKeys } from './api/keys';
