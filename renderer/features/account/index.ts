export { AccountForm } from './components/account-form';
export { TwoFactorSection } from './components/two-factor-section';
