import { roleLabels } from '#domain/workspaces/roles.ts';
import { serverErrorMessage } from '#web/api/api-client.ts';
import { notify } from '#web/components/notify.ts';
import { useMemberships, useSwitchWorkspace } from './memberships-api';

/**
 * The account menu's list of the user's workspaces, when they belong to more than one: the
 * current one marked, each other one a button that opens it. Asked for once the menu first opens.
 */
export function WorkspaceSwitcher({ menuOpen }: { menuOpen: boolean }) {
  const memberships = useMemberships(menuOpen);
  const switchTo = useSwitchWorkspace();
  const workspaces = memberships.data?.workspaces ?? [];
  if (workspaces.length < 2) return null;
  return (
    <div className="nav-account-workspaces" role="group" aria-label="Workspaces">
      <p className="nav-account-signed-in">Workspaces</p>
      {workspaces.map((workspace) =>
        workspace.id === memberships.data?.activeWorkspaceId ? (
          <p key={workspace.id} className="nav-account-workspace" aria-current="true">
            <strong>{workspace.name}</strong> ({roleLabels[workspace.role]})
          </p>
        ) : (
          <button
            key={workspace.id}
            type="button"
            className="button button-small button-secondary"
            disabled={switchTo.isPending}
            onClick={() =>
              switchTo.mutate(workspace.id, {
                onError: (error) => notify.error(serverErrorMessage(error, 'Something went wrong. Please try again.')),
              })
            }
          >
            Open {workspace.name}
          </button>
        ),
      )}
    </div>
  );
}
