export { AuditLogView } from './components/audit-log-view';
export { HistoryList } from './components/history-list';
export { HistoryPanel } from './components/history-panel';
export {
  actionWords,
  changeWords,
  fieldWords,
  historyPath,
  objectNameWords,
  objectPath,
  objectWords,
  valueWords,
} from './audit-words';
export { useHistory } from './api/get-history';
