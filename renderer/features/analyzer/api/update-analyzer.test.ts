/** @jest-environment node */
import { MutationObserver, QueryClient, QueryObserver } from '@tanstack/react-query';
import type { AnalyzerDto } from '../../../../shared/api/analyzer';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-roots';
import { updateAnalyzerMutation } from './update-analyzer';

/**
 * New thresholds change each record's stored rejection on the server: a records list on screen
 * must show the new chips after the analyzer is saved, not the ones cached before.
 */
it('saving new thresholds refreshes the rejection chips of the records on screen', async () => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  let serverRejection = 12;
  const records = new QueryObserver(queryClient, {
    queryKey: [...queryRoots.records, 'list', 1, { page: 1 }],
    queryFn: () => [{ id: 7, rejection: serverRejection }],
    staleTime: Infinity,
  });
  const unsubscribe = records.subscribe(() => {});
  await queryClient.fetchQuery({ queryKey: records.options.queryKey });
  expect(records.getCurrentResult().data).toEqual([{ id: 7, rejection: 12 }]);

  const saved = { ldh_threshold: 200 } as unknown as AnalyzerDto;
  const patch = jest.spyOn(api, 'patch').mockImplementation(async () => {
    serverRejection = 48; // the server recomputed every record at the new thresholds
    return { data: saved, status: 200, headers: new Headers() };
  });
  await new MutationObserver(queryClient, updateAnalyzerMutation(queryClient, 1)).mutate({
    ldh_threshold: 200,
    asat_threshold: 70,
    potassium_threshold: 5,
  });

  expect(patch).toHaveBeenCalledWith('/v2/institutes/1/analyzer', expect.anything());
  expect(records.getCurrentResult().data).toEqual([{ id: 7, rejection: 48 }]);
  unsubscribe();
  queryClient.clear();
});
