import { useQueries } from '@tanstack/react-query';
import { checkConnection, type ConnectionCheck, type ConnectionService } from './integrations-api';

const services: { id: ConnectionService; name: string; what: string }[] = [
  { id: 'backend', name: 'Backend service', what: 'This app’s API and its database' },
  { id: 'identity', name: 'Sign-in identity provider', what: 'Google sign-in' },
  { id: 'payment', name: 'Payment provider', what: 'Stripe' },
  { id: 'email', name: 'E-mail service', what: 'Resend' },
];

type ItemState = { kind: 'checking' } | { kind: 'done'; check: ConnectionCheck } | { kind: 'unreachable' };

/** §2 /connections: each service checked by the server, checking → Connected or Error with its text. */
export function ConnectionsPage() {
  const results = useQueries({
    queries: services.map((service) => ({
      queryKey: ['integrations', 'connection', service.id],
      queryFn: () => checkConnection(service.id),
      retry: false,
      staleTime: 0,
      gcTime: 0,
    })),
  });

  const states: ItemState[] = results.map((result) => {
    if (result.isFetching || result.isPending) return { kind: 'checking' };
    if (result.data) return { kind: 'done', check: result.data };
    return { kind: 'unreachable' };
  });
  const checking = states.some((state) => state.kind === 'checking');
  const connected = states.filter((state) => state.kind === 'done' && state.check.status === 'connected').length;

  return (
    <section className="page integrations-page" aria-labelledby="connections-title">
      <h1 id="connections-title">Connection Status</h1>
      <p className="muted">
        The server checks each service now, with real calls where a key is configured. No key or secret is shown.
      </p>
      <ul className="connection-list" aria-busy={checking}>
        {services.map((service, index) => (
          <ConnectionItem
            key={service.id}
            name={service.name}
            what={service.what}
            state={states[index] ?? { kind: 'checking' }}
          />
        ))}
      </ul>
      <p className="visually-hidden" role="status">
        {checking ? 'Checking connections...' : `Checks done: ${connected} of ${services.length} connected.`}
      </p>
      <button
        type="button"
        className="button button-primary"
        disabled={checking}
        onClick={() => results.forEach((result) => void result.refetch())}
      >
        Test All Connections
      </button>
    </section>
  );
}

function ConnectionItem({ name, what, state }: { name: string; what: string; state: ItemState }) {
  const status =
    state.kind === 'checking'
      ? 'checking'
      : state.kind === 'done' && state.check.status === 'connected'
        ? 'connected'
        : 'error';
  const label = { checking: 'Checking...', connected: 'Connected', error: 'Error' }[status];
  return (
    <li className="card connection-item">
      <div className="connection-heading">
        <h2 className="card-title">{name}</h2>
        <span className={`connection-pill connection-pill-${status}`}>{label}</span>
      </div>
      <p className="muted connection-what">{what}</p>
      {state.kind === 'done' && (
        <p className={status === 'error' ? 'connection-message connection-message-error' : 'connection-message'}>
          {state.check.message}
        </p>
      )}
      {state.kind === 'done' && state.check.note && <p className="field-hint">{state.check.note}</p>}
      {state.kind === 'unreachable' && (
        <p className="connection-message connection-message-error">The server did not answer</p>
      )}
    </li>
  );
}
