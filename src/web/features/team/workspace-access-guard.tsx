import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { workspaceMessages } from '../../../domain/workspaces/roles';
import { serverErrorMessage } from '../../api/api-client';
import { onWorkspaceAccessEnded } from '../../api/change-feed';
import { notify } from '../../components/notify';
import { isAccessEnded, useMemberships, useSwitchWorkspace } from './memberships-api';

/** Whether the live feed or any request of this tab said the session's workspace removed the user. */
function useAccessEnded() {
  const queryClient = useQueryClient();
  const [ended, setEnded] = useState(false);
  useEffect(() => {
    const end = () => setEnded(true);
    const unsubscribes = [
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type === 'updated' && isAccessEnded(event.query.state.error)) end();
      }),
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type === 'updated' && isAccessEnded(event.mutation.state.error)) end();
      }),
      onWorkspaceAccessEnded(end),
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
  return <AccessEnded />;
}

function AccessEnded() {
  const memberships = useMemberships();
  const switchTo = useSwitchWorkspace();
  const own = memberships.data?.workspaces.find((workspace) => workspace.own);
  return (
    <section className="card access-ended" aria-labelledby="access-ended-title" role="alert">
      <h1 id="access-ended-title" className="card-title">
        {workspaceMessages.accessEnded}
      </h1>
      <p>Its leads and properties are no longer shown here. Your own workspace is still yours.</p>
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
