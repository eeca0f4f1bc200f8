import { useLabels } from '../../labels';
import type { LinkNames } from '../audit-words';

/** A linked label's name by its id (labels added to or removed from an object). */
export function useLinkNames(instituteId: number | null, enabled = true): LinkNames {
  const labels = useLabels(enabled ? instituteId : null);
  return (field, value) => {
    if (field !== 'labels') return undefined;
    return labels.data?.find((l) => l.id === value)?.label;
  };
}
