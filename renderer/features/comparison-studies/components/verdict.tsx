import Chip, { type ChipProps } from '@mui/material/Chip';
import { counted } from '../../../../shared/domain/plural';
import { verdictInWords } from '../../../../shared/domain/verdict-words';
import type { ComparisonGroup, Verdict } from '../api/types';

/** Colours that go with the words, never instead of them. */
const COLOURS: Record<Verdict, ChipProps['color']> = {
  acceptable: 'success',
  not_acceptable: 'error',
  inconclusive: 'warning',
  too_few_pairs: 'default',
  not_computable: 'default',
};

type VerdictOf = Pick<ComparisonGroup, 'verdict' | 'pairs_needed'>;

/**
 * The verdict in the report's words (method-comparison.md section 5, shared/domain/verdict-words):
 * 'Acceptable', 'Not acceptable', 'Inconclusive: about m more pairs needed', 'Too few pairs'.
 */
export const verdictWords = ({ verdict, pairs_needed }: VerdictOf): string =>
  verdictInWords(verdict, pairs_needed);

/** What the verdict means for the line, in one or two sentences. */
export function verdictMeaning(
  group: Pick<ComparisonGroup, 'verdict' | 'pairs_needed' | 'n' | 'criterion'>,
): string {
  const rcv = group.criterion.type === 'rcv';
  const limit = rcv ? 'the reference change value' : 'the limit L';
  switch (group.verdict) {
    case 'acceptable':
      return rcv
        ? 'Both limits of agreement, with their intervals, lie within ±RCV: sending samples through the line does not change a result by more than a patient’s own variation.'
        : 'The bias and its whole confidence interval lie within ±L: results through the line agree with hand-carried ones within the criterion.';
    case 'not_acceptable':
      return rcv
        ? 'A limit of agreement lies beyond ±RCV: the line changes some results by more than a patient’s own variation.'
        : 'The bias lies beyond ±L: results through the line differ from hand-carried ones by more than the criterion allows.';
    case 'inconclusive':
      return group.pairs_needed !== null
        ? `The confidence interval reaches beyond ${limit}: the pairs so far cannot tell. If today’s bias and spread hold, a study of about ${counted(group.pairs_needed, 'pair', 'pairs')} would decide (it has ${group.n}).`
        : `The confidence interval reaches beyond ${limit}: the pairs so far cannot tell; more pairs are needed.`;
    case 'too_few_pairs':
      return `A verdict needs at least 10 pairs on the criterion’s scale; there ${group.n === 1 ? 'is' : 'are'} ${counted(group.n, 'pair', 'pairs')}.`;
    case 'not_computable':
      return 'The figures on the criterion’s scale could not be computed (for example, all differences are equal).';
  }
}

export function VerdictChip({ group }: { group: VerdictOf }) {
  return <Chip size="small" color={COLOURS[group.verdict]} label={verdictWords(group)} />;
}
