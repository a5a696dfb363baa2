import { and, asc, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import { endOfLocalDay, FALLBACK_TIME_ZONE } from '#domain/follow-ups/schedule.ts';
import type { Database } from '../db/database';
import { leads, tasks } from '../db/schema';
import { inWorkspace, leadsVisibleTo, tasksVisibleTo, type LeadReader } from '../db/workspace-scope';
import { leadNotFound } from '../leads-inbox/find-owned-lead';
import { joinedTaskView, selectTaskViewRows } from './task-view';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Tasks one answer lists at most per part: a day's work is far fewer. */
export const TASKS_LIST_LIMIT = 500;

/** Upcoming tasks one answer lists: the next few, not the whole calendar. */
export const UPCOMING_TASKS_LIMIT = 50;

/**
 * The member's own open tasks (assigned to them): `today` those due before the end of their day in
 * `timeZone` (overdue ones first, by due time; at most TASKS_LIST_LIMIT, `todayTotal` counting them
 * all), `upcoming` the next UPCOMING_TASKS_LIMIT after it; `startOfDay` is where overdue ends.
 */
export async function listMyTasks(db: Database, member: LeadReader, now: Date, timeZone = FALLBACK_TIME_ZONE) {
  const endOfDay = endOfLocalDay(now, timeZone);
  const startOfDay = endOfLocalDay(new Date(now.getTime() - DAY_MS), timeZone);
  const mine = and(inWorkspace(tasks, member), eq(tasks.assigneeUserId, member.userId), isNull(tasks.doneAt));
  // Two queries whatever the count (each task's assignee and lead joined in): PGlite runs them one by one.
  const today = await selectTaskViewRows(db, { total: sql<number>`(count(*) over ())::int` })
    .where(and(mine, lt(tasks.dueAt, endOfDay)))
    .orderBy(asc(tasks.dueAt), asc(tasks.id))
    .limit(TASKS_LIST_LIMIT);
  const upcoming = await selectTaskViewRows(db)
    .where(and(mine, gte(tasks.dueAt, endOfDay)))
    .orderBy(asc(tasks.dueAt), asc(tasks.id))
    .limit(UPCOMING_TASKS_LIMIT);
  return {
    now: now.toISOString(),
    // Before it, a task is overdue.
    startOfDay: startOfDay.toISOString(),
    endOfDay: endOfDay.toISOString(),
    today: today.map(joinedTaskView),
    upcoming: upcoming.map(joinedTaskView),
    todayTotal: today[0]?.total ?? 0,
  };
}

/** A lead's tasks (404 for a lead the member does not see): open ones by due time, then done ones; `now`: what is overdue. */
export async function listLeadTasks(db: Database, member: LeadReader, leadId: string, now: Date) {
  const [lead] = await db
    .select({ id: leads.id })
    .from(leads)
    .where(and(eq(leads.id, leadId), leadsVisibleTo(member)));
  if (!lead) throw leadNotFound();
  const rows = await selectTaskViewRows(db)
    .where(and(eq(tasks.leadId, lead.id), tasksVisibleTo(member)))
    .orderBy(sql`${tasks.doneAt} is not null`, asc(tasks.dueAt), desc(tasks.doneAt))
    .limit(TASKS_LIST_LIMIT);
  return { now: now.toISOString(), tasks: rows.map(joinedTaskView) };
}
