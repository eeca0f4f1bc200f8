import Chip, { type ChipProps } from '@mui/material/Chip';
import type { ContractStatus } from '../../../../shared/api/contracts';
import { wordsOf } from '../../../../shared/api/types';

const COLOURS: Record<ContractStatus, ChipProps['color']> = {
  draft: 'default',
  paid: 'success',
  outstanding: 'warning',
  in_negotiation: 'info',
  expired: 'error',
  terminated: 'error',
  archived: 'default',
};

/** 'In Negotiation' and the like, each status in its own colour (the word carries it too). */
export const contractStatusWord = (status: ContractStatus) => wordsOf(status);

export function ContractStatusChip({ status }: { status: ContractStatus }) {
  return (
    <Chip
      size="small"
      label={contractStatusWord(status)}
      color={COLOURS[status]}
      variant={status === 'archived' ? 'outlined' : 'filled'}
    />
  );
}
