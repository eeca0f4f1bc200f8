import { useQuery } from '@tanstack/react-query';
import { FULL_LIST_SIZE } from '../../../../shared/domain/limits';
import { useLabels } from '../../labels';
import { useLines } from '../../lines';
import { instituteUsersQueryOptions } from '../../users';
import type { LinkNames } from '../audit-words';

/** A column that links a user: user_id, closed_by_id, acknowledged_by_id… */
const isUserLink = (field: string) => field === 'user_id' || /_by_id$/.test(field);

/**
 * Linked things by name, not id (issue 44): labels added or removed, the line a record moved to
 * (archived lines too), the user who closed or acknowledged something.
 */
export function useLinkNames(instituteId: number | null, enabled = true): LinkNames {
  const institute = enabled ? instituteId : null;
  const labels = useLabels(institute);
  const lines = useLines({ instituteId: institute });
  const archived = useLines({ instituteId: institute, archived: true });
  const users = useQuery({
    ...instituteUsersQueryOptions({ instituteId: institute ?? 0, page: 0, size: FULL_LIST_SIZE }),
    enabled: institute !== null,
  });
  return (field, value) => {
    if (field === 'labels') return labels.data?.find((l) => l.id === value)?.label;
    if (field === 'line_id')
      return [...(lines.data?.items ?? []), ...(archived.data?.items ?? [])].find(
        (l) => l.id === value,
      )?.name;
    if (isUserLink(field)) return users.data?.items.find((u) => u.id === value)?.email;
    return undefined;
  };
}
