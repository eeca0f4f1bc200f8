export { ReportUploadDialog } from './components/report-upload-dialog';
export { ReportsTable } from './components/reports-table';
