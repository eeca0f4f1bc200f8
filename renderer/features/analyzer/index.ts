export { analyzerQueryOptions } from './api/get-analyzer';
export { AnalyzerSettings } from './components/analyzer-settings';
export { RejectionCalculator } from './components/rejection-calculator';
export { RejectionInsights } from './components/rejection-insights';
export { RejectionModelSummary } from './components/rejection-model-summary';
