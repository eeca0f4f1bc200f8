import type { Page } from '../domain/pagination';

/** A page of entities as the API shows it: each item through its presenter. */
export const presentPage = <T, U>(page: Page<T>, present: (item: T) => U) => ({
  items: page.items.map(present),
  total: page.total,
});
