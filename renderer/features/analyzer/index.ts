export { AnalyzerSettings } from './components/analyzer-settings';
export { RejectionCalculator } from './components/rejection-calculator';
export { RejectionInsights } from './components/rejection-insights';
