import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Paginated } from '../../../../shared/api/common';
import type { RecordDto } from '../../../../shared/api/records';
import { getRecords } from './get-records';
import { recordKeys } from './keys';

/** The line detail lists its transit records 20 at a time as the user scrolls. */
export const LINE_RECORDS_PAGE_SIZE = 20;

export const getLineRecordsPage = (
  instituteId: number,
  lineId: number,
  page: number,
): Promise<Paginated<RecordDto>> =>
  getRecords(instituteId, {
    line_id: lineId,
    size: LINE_RECORDS_PAGE_SIZE,
    page,
    ordering: '-date',
  });

export const lineRecordsQueryOptions = (instituteId: number, lineId: number) =>
  infiniteQueryOptions({
    queryKey: recordKeys.ofLine(instituteId, lineId),
    queryFn: ({ pageParam }) => getLineRecordsPage(instituteId, lineId, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      pages.length * LINE_RECORDS_PAGE_SIZE < last.total ? pages.length : undefined,
  });

export const useLineRecords = (instituteId: number, lineId: number) =>
  useInfiniteQuery(lineRecordsQueryOptions(instituteId, lineId));
