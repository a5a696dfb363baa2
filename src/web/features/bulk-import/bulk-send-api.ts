import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { useEffect, useRef } from 'react';
import { api, apiErrorFrom, readJson } from '#web/api/api-client.ts';

export type BulkSendProgress = InferResponseType<(typeof api)['bulk-send'][':id']['$get'], 200>;

/**
 * POST /api/bulk-send: the selected properties become one durable send job on the server. The
 * body (up to 50,000 properties) is JSON built by the import worker, off the main thread.
 */
export function useStartBulkSend() {
  return useMutation({
    mutationFn: async (body: Blob): Promise<{ jobId: string; total: number }> => {
      const response = await fetch('/api/bulk-send', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        credentials: 'same-origin',
        body,
      });
      if (!response.ok) throw await apiErrorFrom(response);
      return (await response.json()) as { jobId: string; total: number };
    },
  });
}

/**
 * The job's progress, polled every second until it is finished; a failed poll (a server
 * restart) is retried. `onFinished` runs once per job, when a poll first finds it finished.
 */
export function useBulkSendProgress(jobId: string | null, onFinished: (progress: BulkSendProgress) => void) {
  const finishedHandler = useRef(onFinished);
  const announced = useRef<string | null>(null);
  useEffect(() => {
    finishedHandler.current = onFinished;
  });
  return useQuery({
    queryKey: ['bulk-send', jobId],
    queryFn: async () => {
      const progress = await readJson(api['bulk-send'][':id'].$get({ param: { id: jobId! } }));
      if (progress.finished && announced.current !== progress.id) {
        announced.current = progress.id;
        finishedHandler.current(progress);
      }
      return progress;
    },
    enabled: jobId !== null,
    refetchInterval: (query) => (query.state.data?.finished ? false : 1000),
    refetchIntervalInBackground: true,
    retry: 30,
    retryDelay: 1000,
  });
}

/** POST /api/bulk-send/{id}/cancel: stops what is not sent yet; the answer is the job's progress, now cancelled. */
export function useCancelBulkSend(jobId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => readJson(api['bulk-send'][':id'].cancel.$post({ param: { id: jobId! } })),
    onSuccess: (progress) => queryClient.setQueryData(['bulk-send', jobId], progress),
  });
}
