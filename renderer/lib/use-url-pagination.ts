import type { GridPaginationModel } from '@mui/x-data-grid';
import { useSearchParams } from 'react-router-dom';

/**
 * A grid's page and size kept in the address (`?page=` 1-based, `?size=`), so links and the back
 * button reproduce the view. Answers the grid's zero-based model.
 */
export function useUrlPagination(
  pageSizeOptions: readonly number[],
  prefix = '',
): [GridPaginationModel, (model: GridPaginationModel) => void] {
  const [params, setParams] = useSearchParams();
  const pageKey = `${prefix}page`;
  const sizeKey = `${prefix}size`;
  const size = Number(params.get(sizeKey));
  const page = Number(params.get(pageKey));
  const model = {
    pageSize: pageSizeOptions.includes(size) ? size : pageSizeOptions[0],
    page: Number.isInteger(page) && page >= 1 ? page - 1 : 0,
  };
  const setModel = (next: GridPaginationModel) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set(pageKey, String(next.page + 1));
        updated.set(sizeKey, String(next.pageSize));
        return updated;
      },
      { replace: true },
    );
  return [model, setModel];
}
