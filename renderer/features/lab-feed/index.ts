/** The lab feed (lab-feed.md section 9): status, needs mapping, mappings and messages. */
export { StatusPanel } from './components/status-panel';
export { NeedsMappingPanel } from './components/needs-mapping-panel';
export { MappingsPanel } from './components/mappings-panel';
export { MessagesPanel } from './components/messages-panel';
export { labFeedKeys } from './api/keys';
