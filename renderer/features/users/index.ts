export { InstituteUsersTable } from './components/institute-users-table';
