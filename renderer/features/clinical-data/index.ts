/** Clinical data (hemolysis-data.md section 1): the table, the graph and their dialogs. */
export { ClinicalDataTable } from './components/clinical-data-table';
export { ClinicalDataGraph } from './components/clinical-data-graph';
export { ClinicalDataFiltersBar } from './components/clinical-data-filters';
export { clinicalDataKeys } from './api/keys';
