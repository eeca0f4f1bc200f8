export { instituteUsersQueryOptions } from './api/get-institute-users';
export { useUserById } from './api/get-user';
export { InstituteUsersTable } from './components/institute-users-table';
export { SecondFactorReset } from './components/second-factor-reset';
export { UserForm } from './components/user-form';
export { UsersTable } from './components/users-table';
