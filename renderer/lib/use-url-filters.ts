import { useSearchParams } from 'react-router-dom';

/**
 * A list's filters kept in the address (`?search=…&institute=…`), so links and the back button
 * reproduce the view. Setting one to '' or null removes it; any change drops `?page=`, since
 * another filter starts at the first page.
 */
export function useUrlFilters(): [URLSearchParams, (key: string, value: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const setFilter = (key: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  return [params, setFilter];
}
