import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { ReportSettings, ReportTable } from '#domain/reports/report-query.ts';
import { api, readJson } from '#web/api/api-client.ts';
import { useSession } from '#web/api/use-session.ts';

export type Report = InferResponseType<(typeof api)['reports']['$get'], 200>;
export type ReportRowView = Report['totals'];

const reportsKey = ['reports'] as const;

/** What a report is asked for: a month (YYYY-MM) and, optionally, one member. */
export interface ReportChoice {
  month: string;
  memberId: string | null;
}

/** The report of a month (for one member, or the whole team), under the user's id. */
export function useReport({ month, memberId }: ReportChoice) {
  const userId = useSession().user?.id ?? null;
  return useQuery({
    queryKey: [...reportsKey, userId, month, memberId],
    queryFn: () => readJson(api.reports.$get({ query: { month, ...(memberId ? { memberId } : {}) } })),
    retry: false,
  });
}

/** The address of a table's CSV for the same choice: a plain link the browser downloads. */
export function reportCsvHref(table: ReportTable, { month, memberId }: ReportChoice) {
  const query = new URLSearchParams({ month });
  if (memberId) query.set('memberId', memberId);
  return `/api/reports/${table}.csv?${query.toString()}`;
}

/** The Owner lets the workspace's Viewers read reports, or stops them. */
export function useChangeReportSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: ReportSettings) => readJson(api.reports.settings.$put({ json: settings })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportsKey }),
  });
}

export type DealsReport = InferResponseType<(typeof api)['reports']['deals']['$get'], 200>;
export type DealsReportRowView = DealsReport['totals'];

/** The deals sold in a month (for one member, or the whole team), under the user's id. */
export function useDealsReport({ month, memberId }: ReportChoice) {
  const userId = useSession().user?.id ?? null;
  return useQuery({
    queryKey: [...reportsKey, 'deals', userId, month, memberId],
    queryFn: () => readJson(api.reports.deals.$get({ query: { month, ...(memberId ? { memberId } : {}) } })),
    retry: false,
  });
}
