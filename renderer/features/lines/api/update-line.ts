import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LineDto, LineUpdate } from '../../../../shared/api/lines';
import { api } from '../../../lib/api-client';
import { lineKeys } from './keys';

export async function updateLine(id: number, body: LineUpdate): Promise<LineDto> {
  const { data } = await api.patch<LineDto>(`/v2/lines/${id}`, body);
  return data;
}

/** Settings and the archive checkbox alike: PATCH /v2/lines/{id}. */
export function useUpdateLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: LineUpdate }) => updateLine(id, body),
    onSuccess: (line) => {
      queryClient.setQueryData(lineKeys.detail(line.id), line);
      return queryClient.invalidateQueries({ queryKey: lineKeys.lists() });
    },
  });
}
