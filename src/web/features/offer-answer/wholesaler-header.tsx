interface WholesalerHeaderProps {
  displayName: string;
  company: string;
  phone: string;
}

/** The page's header on a wholesaler's own pages: who makes the offer and how to call them, and no links away to the app. */
export function WholesalerHeader({ displayName, company, phone }: WholesalerHeaderProps) {
  return (
    <header className="site-header">
      <div className="site-nav wholesaler-header">
        <p className="brand">
          <span className="brand-mark" aria-hidden="true">
            {displayName.slice(0, 1).toUpperCase()}
          </span>
          <span>
            {displayName}
            {company && company !== displayName && <span className="wholesaler-company"> · {company}</span>}
          </span>
        </p>
        {phone && (
          <a className="wholesaler-phone" href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
            Call {phone}
          </a>
        )}
      </div>
    </header>
  );
}

/** The header's place while the wholesaler's details load, at the same height. */
export function WholesalerHeaderPlaceholder() {
  return (
    <header className="site-header" aria-hidden="true">
      <div className="site-nav wholesaler-header" />
    </header>
  );
}
