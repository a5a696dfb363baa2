import { Modal } from '#web/components/modal.tsx';

const valuationSites = [
  { name: 'Zillow', url: (address: string) => `https://www.zillow.com/homes/${encodeURIComponent(address)}_rb/` },
  { name: 'Redfin', url: (address: string) => `https://www.redfin.com/search?q=${encodeURIComponent(address)}` },
  {
    name: 'Realtor.com',
    url: (address: string) => `https://www.realtor.com/realestateandhomes-search/${encodeURIComponent(address)}`,
  },
];

/** §2 Estimate: three outside valuation sites, each opened in a 1000x800 window (§9). */
export function EstimateDialog({ open, address, onClose }: { open: boolean; address: string; onClose: () => void }) {
  const trimmedAddress = address.trim();
  return (
    <Modal
      title="Get Property Value Estimate"
      open={open}
      onClose={onClose}
      footer={
        <button type="button" className="button button-secondary" onClick={onClose}>
          Close
        </button>
      }
    >
      {trimmedAddress ? (
        <p>
          Look up <strong>{trimmedAddress}</strong> on a valuation site, then enter the value you trust.
        </p>
      ) : (
        <p>
          Enter the property address first for a lookup of that address; without it the sites open on their search page.
        </p>
      )}
      <ul className="estimate-sites">
        {valuationSites.map((site) => (
          <li key={site.name}>
            <button
              type="button"
              className="button button-secondary button-block"
              onClick={() => window.open(site.url(trimmedAddress), '_blank', 'noopener,width=1000,height=800')}
            >
              Check {site.name}
              <span className="visually-hidden"> (opens a new window)</span>
            </button>
          </li>
        ))}
      </ul>
      <p className="muted">
        Third-party estimates vary and can be far from what a house sells for. Compare a few and use recent sales
        nearby.
      </p>
    </Modal>
  );
}
