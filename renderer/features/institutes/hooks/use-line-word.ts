import { useMemo } from 'react';
import { lineWord, type LineWord } from '../../../../shared/domain/line-word';
import { useSelectedInstitute } from './use-selected-institute';

export { lineWord, type LineWord };

/**
 * The word for a line in the selected organization ('Line' or 'Route', see shared/api/lines): the
 * same object while the organization's kind stays, so what is built from it (a grid's columns)
 * is not built again at each render (issue 44: /records' grid redrew at every poll).
 */
export function useLineWord(): LineWord {
  const type = useSelectedInstitute().data?.metadata_type;
  return useMemo(() => lineWord(type), [type]);
}
