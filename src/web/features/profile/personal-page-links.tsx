import { copyText } from './copy-text';
import { embedSnippet } from './embed-snippet';

/** The personal page's address with Copy link, and the `<iframe>` snippet to embed it with Copy code. */
export function PersonalPageLinks({ url, displayName }: { url: string; displayName: string }) {
  const snippet = embedSnippet(url, displayName);
  return (
    <section className="card" aria-labelledby="personal-page-title">
      <h2 id="personal-page-title" className="card-title">
        Your personal page
      </h2>
      <p className="muted">
        Homeowners who use your page get your calculator with your name and details; every lead from it comes to your
        inbox.
      </p>
      <div className="personal-page-url">
        <a href={url} target="_blank" rel="noreferrer">
          {url}
        </a>
        <button
          type="button"
          className="button button-secondary button-small"
          onClick={() => void copyText(url, 'Link')}
        >
          Copy link
        </button>
      </div>
      <div className="field">
        <label htmlFor="embed-code">Embed code</label>
        <textarea
          id="embed-code"
          className="embed-code"
          readOnly
          rows={4}
          value={snippet}
          aria-describedby="embed-code-hint"
          onFocus={(event) => event.currentTarget.select()}
        />
        <p id="embed-code-hint" className="field-hint">
          Paste it into your own website to show your calculator there.
        </p>
      </div>
      <button type="button" className="button button-secondary" onClick={() => void copyText(snippet, 'Embed code')}>
        Copy code
      </button>
    </section>
  );
}
