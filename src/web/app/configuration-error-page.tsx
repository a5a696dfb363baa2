/** §2 Startup failure: a full-screen page instead of a half-working app. */
export function ConfigurationErrorPage({ message }: { message: string }) {
  return (
    <main className="configuration-error">
      <div className="card" role="alert">
        <h1>Configuration Error</h1>
        <p>Unable to initialize application. Please check your configuration settings.</p>
        <p className="error-detail">{message}</p>
        <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
          Try again
        </button>
      </div>
    </main>
  );
}
