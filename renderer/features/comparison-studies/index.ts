/** Paired-sample comparison studies (method-comparison.md section 6): list, form and detail. */
export { ComparisonStudiesTable } from './components/comparison-studies-table';
export { ComparisonStudyDetail } from './components/comparison-study-detail';
export { ComparisonStudyForm } from './components/comparison-study-form';
export { comparisonStudyKeys } from './api/keys';
