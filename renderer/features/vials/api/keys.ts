import { queryRoots } from '../../../lib/query-roots';

/** Filters of the vial registry (staff's /vials screen). */
export interface VialListParams {
  search?: string;
  institute_id?: number;
}

export const vialKeys = {
  all: queryRoots.vials,
  /** The vials plugged into this machine (the Vials drawer). */
  connected: () => [...queryRoots.vials, 'connected'] as const,
  /** The registry (GET /v2/vials). */
  lists: () => [...queryRoots.vials, 'list'] as const,
  list: (params: VialListParams) => [...vialKeys.lists(), params] as const,
  /** The choice list of /v2/types/vials/versions. */
  versions: () => [...queryRoots.types, 'vial-versions'] as const,
};
