export { EventsView } from './components/events-view';
export { LineEvents } from './components/line-events';
export { OpenEventsPanel } from './components/open-events-panel';
export { useEvents } from './api/get-events';
