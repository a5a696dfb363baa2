import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { workspaceMessages } from '#domain/workspaces/roles.ts';
import { serverErrorMessage } from '#web/api/api-client.ts';
import { onWorkspaceAccessEnded } from '#web/api/change-feed.ts';
import { notify } from '#web/components/notify.ts';
import { isAccessEnded, isSeatSuspended, useMemberships, useSwitchWorkspace } from './memberships-api';

type Ended = 'removed' | 'seat-suspended';

/** The refusal a request's error says ended the user's access to the session's workspace, if any. */
const endedBy = (error: unknown): Ended | null =>
  isAccessEnded(error) ? 'removed' : isSeatSuspended(error) ? 'seat-suspended' : null;

/**
 * Whether the live feed or any request of this tab said the session's workspace removed the user,
 * or suspended their seat.
 */
function useAccessEnded() {
  const queryClient = useQueryClient();
  const [ended, setEnded] = useState<Ended | null>(null);
  useEffect(() => {
    const end = (why: Ended | null) => {
      if (why) setEnded((already) => already ?? why);
    };
    const unsubscribes = [
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type === 'updated') end(endedBy(event.query.state.error));
      }),
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type === 'updated') end(endedBy(event.mutation.state.error));
      }),
      onWorkspaceAccessEnded(() => end('removed')),
    ];
    return () => unsubscribes.forEach((unsubscribe) => unsubscribe());
  }, [queryClient]);
  return ended;
}

/**
 * The page, until a request says the workspace removed the user: then, instead of it, why, and
 * the way to the user's own workspace. Nothing of the old workspace stays on screen.
 */
export function WorkspaceAccessGuard({ children }: { children: ReactNode }) {
  const ended = useAccessEnded();
  if (!ended) return children;
  return <AccessEnded why={ended} />;
}

function AccessEnded({ why }: { why: Ended }) {
  const memberships = useMemberships();
  const switchTo = useSwitchWorkspace();
  const own = memberships.data?.workspaces.find((workspace) => workspace.own);
  return (
    <section className="card access-ended" aria-labelledby="access-ended-title" role="alert">
      <h1 id="access-ended-title" className="card-title">
        {why === 'removed' ? workspaceMessages.accessEnded : 'Your seat in this workspace is suspended'}
      </h1>
      <p>
        {why === 'removed'
          ? 'Its leads and properties are no longer shown here. Your own workspace is still yours.'
          : workspaceMessages.seatSuspended}
      </p>
      {own && (
        <button
          type="button"
          className="button button-primary"
          disabled={switchTo.isPending}
          onClick={() =>
            switchTo.mutate(own.id, {
              onError: (error) => notify.error(serverErrorMessage(error, 'Something went wrong. Please try again.')),
            })
          }
        >
          Open my own workspace
        </button>
      )}
    </section>
  );
}
