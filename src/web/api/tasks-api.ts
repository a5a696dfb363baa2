import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { useEffect } from 'react';
import type { z } from 'zod';
import type { TaskCreateSchema, TaskEditSchema } from '#domain/tasks/task-requests.ts';
import { api, readJson } from './api-client';
import { refetchChanged, subscribeToChanges } from './change-feed';
import { useSession } from './use-session';

/** Every tasks query starts with this key (a member's day, a lead's tasks). */
export const tasksKey = ['tasks'] as const;

/** GET /api/tasks's answer for the member's day (the other, for a lead, is `{ tasks }`). */
export type MyTasksView = Extract<InferResponseType<typeof api.tasks.$get, 200>, { today: unknown }>;
export type Task = MyTasksView['today'][number];

/** The browser's time zone: where the member's "today" ends. */
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Reads tasks again whenever a task (or a lead, which names them) changes anywhere in the workspace. */
function useLiveTasks() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribeToChanges(({ table }) => {
        if (table === null || table === 'tasks' || table === 'leads') void refetchChanged(queryClient, tasksKey);
      }),
    [queryClient],
  );
}

/** The member's own open tasks: due today and overdue, and the next ones; live. */
export function useMyTasks() {
  useLiveTasks();
  const timeZone = browserTimeZone();
  return useQuery({
    queryKey: [...tasksKey, 'mine', useSession().user?.id ?? null, timeZone] as const,
    queryFn: async () => {
      const view = await readJson(api.tasks.$get({ query: { timeZone } }));
      if (!('today' in view)) throw new Error('The tasks answer has no day');
      return view;
    },
  });
}

/** One lead's tasks, open ones first, and the server's time they are overdue by; live. */
export function useLeadTasks(leadId: string) {
  useLiveTasks();
  return useQuery({
    queryKey: [...tasksKey, 'lead', leadId] as const,
    queryFn: async () => {
      const view = await readJson(api.tasks.$get({ query: { leadId } }));
      if (!('tasks' in view)) throw new Error('The tasks answer has no tasks');
      return view;
    },
  });
}

function useTasksChange<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: tasksKey }) });
}

export function useCreateTask() {
  return useTasksChange((request: z.input<typeof TaskCreateSchema>) => readJson(api.tasks.$post({ json: request })));
}

/** Changes a task; `{ done: true }` completes it, `{ done: false }` opens it again. */
export function useEditTask() {
  return useTasksChange(({ id, ...edit }: z.input<typeof TaskEditSchema> & { id: string }) =>
    readJson(api.tasks[':id'].$patch({ param: { id }, json: edit })),
  );
}

export function useDeleteTask() {
  return useTasksChange((id: string) => readJson(api.tasks[':id'].$delete({ param: { id } })));
}
