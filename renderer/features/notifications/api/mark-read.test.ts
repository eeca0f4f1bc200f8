/** @jest-environment node */
import { MutationObserver, QueryClient, QueryObserver } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notificationKeys } from './keys';
import { markAllReadMutation, markReadMutation } from './mark-read';

/**
 * Reading a notification changes the bell's count and the unread marks of the list on screen:
 * both are asked again at once, not at the next poll.
 */
describe('marking read', () => {
  let queryClient: QueryClient;
  let unread: number[];
  let unsubscribe: () => void;
  const count = () => new QueryObserver(queryClient, { queryKey: notificationKeys.unreadCount() });
  const list = () =>
    new QueryObserver(queryClient, { queryKey: notificationKeys.list({ size: 10 }) });

  beforeEach(async () => {
    unread = [1, 2, 3];
    queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false, staleTime: Infinity } },
    });
    const counted = new QueryObserver(queryClient, {
      queryKey: notificationKeys.unreadCount(),
      queryFn: () => ({ count: unread.length }),
    });
    const listed = new QueryObserver(queryClient, {
      queryKey: notificationKeys.list({ size: 10 }),
      queryFn: () => ({ items: [1, 2, 3].map((id) => ({ id, unread: unread.includes(id) })) }),
    });
    const stops = [counted.subscribe(() => {}), listed.subscribe(() => {})];
    unsubscribe = () => stops.forEach((stop) => stop());
    await Promise.all([counted.refetch(), listed.refetch()]);
    jest.spyOn(api, 'post').mockImplementation(async (url: string) => {
      const one = /^\/v2\/notifications\/(\d+)\/read$/.exec(url);
      unread = one ? unread.filter((id) => id !== Number(one[1])) : [];
      return { data: undefined, status: 204, headers: new Headers() };
    });
  });

  afterEach(() => {
    unsubscribe();
    queryClient.clear();
    jest.restoreAllMocks();
  });

  it('one notification: its mark goes and the count drops', async () => {
    await new MutationObserver(queryClient, markReadMutation(queryClient)).mutate(2);
    expect(api.post).toHaveBeenCalledWith('/v2/notifications/2/read');
    expect(count().getCurrentResult().data).toEqual({ count: 2 });
    expect(list().getCurrentResult().data).toEqual({
      items: [
        { id: 1, unread: true },
        { id: 2, unread: false },
        { id: 3, unread: true },
      ],
    });
  });

  it('all of them: the count falls to zero', async () => {
    await new MutationObserver(queryClient, markAllReadMutation(queryClient)).mutate();
    expect(api.post).toHaveBeenCalledWith('/v2/notifications/read-all');
    expect(count().getCurrentResult().data).toEqual({ count: 0 });
  });
});
