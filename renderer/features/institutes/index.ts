export { useFeatureFlagDefaults } from './api/get-feature-flag-defaults';
export { instituteQueryOptions, useInstitute } from './api/get-institute';
export { useInstitutes } from './api/get-institutes';
export { useOrganizations } from './api/get-organizations';
export { useUpdateInstitute } from './api/update-institute';
export { FlagOverridePanel } from './components/flag-override-panel';
export { OrganizationFilter } from './components/organization-filter';
export { OrganizationForm } from './components/organization-form';
export { OrganizationSelector } from './components/organization-selector';
export { OrganizationsTable } from './components/organizations-table';
export { SsoSettingsPanel } from './components/sso-settings-panel';
export { UploadSummaryPanel } from './components/upload-summary';
export { useAreaOpen, useFeatureFlags } from './hooks/use-feature-flags';
export { type LineWord, lineWord, useLineWord } from './hooks/use-line-word';
export {
  selectedInstituteId,
  useScreenInstitute,
  useSelectedInstitute,
  useSelectedInstituteId,
} from './hooks/use-selected-institute';
