import type { GridPaginationModel } from '@mui/x-data-grid';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Paginated } from '../../../shared/api/common';

/** How the app's tables look: dense, no column menu, the height of their rows. */
export const COMPACT_GRID = {
  disableColumnMenu: true,
  density: 'compact',
  autoHeight: true,
} as const;

/**
 * The DataGrid props of a table paged by the server: the page's rows, the total, the loading
 * state and the pagination model (kept in the address by useUrlPagination).
 */
export function serverPaged<T>(
  query: UseQueryResult<Paginated<T>>,
  [paginationModel, onPaginationModelChange]: [
    GridPaginationModel,
    (model: GridPaginationModel) => void,
  ],
  pageSizeOptions: readonly number[],
) {
  return {
    rows: query.data?.items ?? [],
    rowCount: query.data?.total ?? 0,
    loading: query.isFetching,
    paginationMode: 'server' as const,
    paginationModel,
    onPaginationModelChange,
    pageSizeOptions: [...pageSizeOptions],
  };
}
