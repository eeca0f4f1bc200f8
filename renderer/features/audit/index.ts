export { AuditLogView } from './components/audit-log-view';
export { HistoryList } from './components/history-list';
export { HistoryPanel } from './components/history-panel';
export {
  actionWords,
  changeWords,
  fieldWords,
  historyPath,
  objectPath,
  objectWords,
  valueWords,
} from './audit-words';
