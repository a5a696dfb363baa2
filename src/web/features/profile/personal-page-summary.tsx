import { Link } from 'react-router';
import { copyText } from './copy-text';
import { useProfile } from './profile-api';
import './profile.css';

/**
 * Under the inbox: the personal page's link, or an invitation to choose a handle for one. The box
 * is there, empty, while the profile loads, so that filling it moves nothing.
 */
export function PersonalPageSummary() {
  const profile = useProfile();
  const personalPageUrl = profile.data?.personalPageUrl;
  return (
    <aside className="personal-page-summary" aria-label="Your personal page" aria-busy={!profile.data}>
      {!profile.data ? null : personalPageUrl ? (
        <>
          <p>
            Your personal page:{' '}
            <a href={personalPageUrl} target="_blank" rel="noreferrer">
              {personalPageUrl}
            </a>
          </p>
          <div className="personal-page-summary-actions">
            <button
              type="button"
              className="button button-secondary button-small"
              onClick={() => void copyText(personalPageUrl, 'Link')}
            >
              Copy link
            </button>
            <Link className="button button-secondary button-small" to="/profile">
              Edit profile
            </Link>
          </div>
        </>
      ) : (
        <>
          <p>Choose a handle in your profile to get a personal calculator page whose every lead comes here.</p>
          <div className="personal-page-summary-actions">
            <Link className="button button-primary button-small" to="/profile">
              Set up profile
            </Link>
          </div>
        </>
      )}
    </aside>
  );
}
