export { useRecord } from './api/get-record';
export { type RecordSummary, useRecordSummary } from './api/get-record-summary';
export { TO_REVIEW, useRecords } from './api/get-records';
export { LineRecordsList } from './components/line-records-list';
export { RecordCompare } from './components/record-compare';
export { RecordDetail } from './components/record-detail';
export { RecordsView } from './components/records-view';
export { TrendPlot } from './components/trend-plot';
export { recordsLink } from './records-link';
