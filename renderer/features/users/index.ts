export { useUserById } from './api/get-user';
export { InstituteUsersTable } from './components/institute-users-table';
export { UserForm } from './components/user-form';
export { UsersTable } from './components/users-table';
