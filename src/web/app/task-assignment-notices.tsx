import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { taskKindLabels } from '#domain/tasks/task-requests.ts';
import { api, readJson } from '#web/api/api-client.ts';
import { refetchChanged, subscribeToChanges } from '#web/api/change-feed.ts';
import { useMyTasks } from '#web/api/tasks-api.ts';
import { useSession } from '#web/api/use-session.ts';
import { notify } from '#web/components/notify.ts';

const dueFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Tells the signed-in member, live, when someone else gives them a task (a new one, or one handed
 * over): the member's tasks are read again on every change of the workspace's tasks (the live
 * feed), and each one not seen before and not added by themselves is announced (the toaster's live
 * region reads it out). Those already there when the app opened are not announced.
 */
function TaskAssignmentNotices({ userId }: { userId: string }) {
  const mine = useMyTasks();
  const tasks = mine.data ? [...mine.data.today, ...mine.data.upcoming] : undefined;
  useAnnounceNew(tasks, (task) => {
    if (task.createdByUserId === userId) return;
    const on = task.lead ? ` ${task.lead.name || task.lead.address}` : '';
    notify.success(
      `New task for you: ${taskKindLabels[task.kind]}${on}`,
      `Due ${dueFormat.format(new Date(task.dueAt))}`,
    );
  });
  return null;
}

/** Calls `announce` once for each id of `ids` not seen before (none for those there at first). */
function useAnnounceNew<Item extends { id: string }>(
  items: readonly Item[] | undefined,
  announce: (item: Item) => void,
) {
  const seen = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!items) return;
    if (seen.current === null) {
      seen.current = new Set(items.map((item) => item.id));
      return;
    }
    for (const item of items) {
      if (seen.current.has(item.id)) continue;
      seen.current.add(item.id);
      announce(item);
    }
    // `announce` is a new function every render; the items alone say when to look.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [items]);
}

const myLeadsKey = ['assignment-notices', 'my-leads'] as const;

/**
 * Tells the member, live, when a lead becomes hers: her newest leads (the inbox's "Mine", first
 * page) are read again on every change of the workspace's leads, and one she did not have is
 * announced (by the workspace's rule or by a teammate). The inbox and the lead's history say the rest.
 */
function LeadAssignmentNotices({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribeToChanges(({ table }) => {
        if (table === null || table === 'leads') void refetchChanged(queryClient, myLeadsKey);
      }),
    [queryClient],
  );
  const mine = useQuery({
    queryKey: [...myLeadsKey, userId],
    queryFn: () => readJson(api['leads-inbox'].$get({ query: { assignee: 'me' } })),
  });
  useAnnounceNew(mine.data?.leads, (lead) => {
    notify.success(`A lead was assigned to you: ${lead.name ?? lead.address}`, lead.address);
  });
  return null;
}

/** True once the live feed has said it is ready: what it announces from then on is news. */
function useLiveFeedReady(enabled: boolean) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    return subscribeToChanges(({ table }) => {
      if (table === null) setReady(true);
    });
  }, [enabled]);
  return ready;
}

/**
 * The assignment notices of whoever is signed in (none for a visitor). They read nothing before
 * the live feed is open: a page the server drew with its data asks for no more on its first screen.
 */
export function AssignmentNotices() {
  const userId = useSession().user?.id;
  const ready = useLiveFeedReady(userId !== undefined);
  return userId && ready ? (
    <>
      <TaskAssignmentNotices key={`tasks-${userId}`} userId={userId} />
      <LeadAssignmentNotices key={`leads-${userId}`} userId={userId} />
    </>
  ) : null;
}
