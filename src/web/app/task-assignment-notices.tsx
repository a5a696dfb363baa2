import { useEffect, useRef } from 'react';
import { taskKindLabels } from '#domain/tasks/task-requests.ts';
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
  const seen = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!mine.data) return;
    const tasks = [...mine.data.today, ...mine.data.upcoming];
    if (seen.current === null) {
      seen.current = new Set(tasks.map((task) => task.id));
      return;
    }
    for (const task of tasks) {
      if (seen.current.has(task.id)) continue;
      seen.current.add(task.id);
      if (task.createdByUserId === userId) continue;
      const on = task.lead ? ` ${task.lead.name || task.lead.address}` : '';
      notify.success(
        `New task for you: ${taskKindLabels[task.kind]}${on}`,
        `Due ${dueFormat.format(new Date(task.dueAt))}`,
      );
    }
  }, [mine.data, userId]);
  return null;
}

/** The assignment notices of whoever is signed in (none for a visitor). */
export function AssignmentNotices() {
  const userId = useSession().user?.id;
  return userId ? <TaskAssignmentNotices key={userId} userId={userId} /> : null;
}
