export { useRegistration } from './api/get-registration';
export { userQueryOptions, useUser } from './api/get-user';
export { authKeys } from './api/keys';
export { useRememberOrganization } from './api/remember-organization';
export { LoginForm } from './components/login-form';
export { RecoveryCodes, TotpEnrolment } from './components/totp-enrolment';
export { PasswordResetForm } from './components/password-reset-form';
export { PasswordResetRequestForm } from './components/password-reset-request-form';
export { RegisterForm } from './components/register-form';
