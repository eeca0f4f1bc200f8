export { NotificationSettingsSection } from './components/notification-settings-section';
export { NotificationsBell } from './components/notifications-bell';
