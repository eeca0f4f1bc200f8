import { lineWord, type LineWord } from '../../../../shared/domain/line-word';
import { useSelectedInstitute } from './use-selected-institute';

export { lineWord, type LineWord };

/** The word for a line in the selected organization ('Line' or 'Route', see shared/api/lines). */
export function useLineWord(): LineWord {
  const { data: institute } = useSelectedInstitute();
  return lineWord(institute?.metadata_type);
}
