/** The contracts feature (staff): the contract book, its form and files. */
export { ContractsTable } from './components/contracts-table';
export { ContractForm } from './components/contract-form';
export { ContractFiles } from './components/contract-files';
export { ContractStatusChip } from './components/contract-status-chip';
export { useContract } from './api/get-contract';
export { contractKeys } from './api/keys';
