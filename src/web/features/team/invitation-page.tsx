import { Link, useParams } from 'react-router';
import { roleDescriptions, roleLabels } from '#domain/workspaces/roles.ts';
import { serverErrorMessage } from '#web/api/api-client.ts';
import { useSession } from '#web/api/use-session.ts';
import { notify } from '#web/components/notify.ts';
import { useAcceptInvitation, usePublicInvitation } from './team-api';
import './team.css';

const stateWords = {
  accepted: 'This invitation was already accepted.',
  canceled: 'This invitation was revoked. Ask for a new one.',
  rejected: 'This invitation was declined.',
  expired: 'This invitation has expired. Ask for a new one.',
} as const;

/**
 * /invitations/{token}: the page an invitation e-mail opens (the token is the link's secret). Says who invited whom into which
 * workspace as what; a visitor signs in or creates the account for the invited address, then
 * accepts and works in the workspace.
 */
export function InvitationPage() {
  const { token = '' } = useParams();
  const invitation = usePublicInvitation(token);
  return (
    <section className="invitation-page card" aria-labelledby="invitation-title">
      <h1 id="invitation-title" className="card-title">
        Invitation
      </h1>
      {invitation.isPending ? (
        <p className="loading" role="status">
          Loading the invitation...
        </p>
      ) : invitation.isError ? (
        <p role="alert">
          {serverErrorMessage(invitation.error, 'We could not load this invitation. Please try again.')}
        </p>
      ) : (
        <InvitationDetails token={token} invitation={invitation.data} />
      )}
    </section>
  );
}

type Invitation = NonNullable<ReturnType<typeof usePublicInvitation>['data']>;

function InvitationDetails({ token, invitation }: { token: string; invitation: Invitation }) {
  const { user, isPending } = useSession();
  const accept = useAcceptInvitation();
  const here = `/invitations/${token}`;
  return (
    <>
      <p>
        <strong>{invitation.inviterName}</strong> invited <strong>{invitation.email}</strong> to work in{' '}
        <strong>{invitation.workspaceName}</strong> as {roleLabels[invitation.role]}.
      </p>
      <p className="muted">
        {roleLabels[invitation.role]}: {roleDescriptions[invitation.role]}.
      </p>
      {invitation.state !== 'pending' ? (
        <p role="alert">{stateWords[invitation.state as keyof typeof stateWords] ?? stateWords.expired}</p>
      ) : isPending ? null : !user ? (
        <div className="button-row">
          <Link to="/register" state={{ from: here, email: invitation.email }} className="button button-primary">
            Create your account
          </Link>
          <Link to="/login" state={{ from: here }} className="button button-secondary">
            Sign in
          </Link>
        </div>
      ) : user.email.toLowerCase() !== invitation.email.toLowerCase() ? (
        <p role="alert">
          You are signed in as {user.email}. This invitation is for {invitation.email}: sign out, then sign in with that
          address.
        </p>
      ) : (
        <button
          type="button"
          className="button button-primary"
          disabled={accept.isPending}
          onClick={() =>
            accept.mutate(token, {
              onSuccess: () => notify.success(`You joined ${invitation.workspaceName}`),
              onError: (error) => notify.error(serverErrorMessage(error, 'Something went wrong. Please try again.')),
            })
          }
        >
          {accept.isPending ? 'Joining...' : `Join ${invitation.workspaceName}`}
        </button>
      )}
    </>
  );
}
