export { useFeatureFlagDefaults } from './api/get-feature-flag-defaults';
export { useInstitute } from './api/get-institute';
export { useInstitutes } from './api/get-institutes';
export { FlagOverridePanel } from './components/flag-override-panel';
export { OrganizationSelector } from './components/organization-selector';
export { useFeatureFlags } from './hooks/use-feature-flags';
export { type LineWord, lineWord, useLineWord } from './hooks/use-line-word';
export { useSelectedInstitute, useSelectedInstituteId } from './hooks/use-selected-institute';
