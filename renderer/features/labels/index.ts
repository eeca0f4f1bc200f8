export { useLabels } from './api/get-labels';
export { LabelChip } from './components/label-chip';
export { LabelChips } from './components/label-chips';
export { LabelsTable } from './components/labels-table';
