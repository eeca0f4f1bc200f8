export { AccountForm } from './components/account-form';
