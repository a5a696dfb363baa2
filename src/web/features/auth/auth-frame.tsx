import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';

interface AuthFrameProps {
  /** The heading's id, which names the page's region. */
  titleId: string;
  title: string;
  /** The link above the card (Home, or back to sign in). */
  back?: ReactNode;
  /** A line under the heading. */
  intro?: string;
  /** The line under the card that switches between sign-in and sign-up, keeping the return path. */
  switchTo?: { question: string; to: string; label: string };
  children: ReactNode;
}

/** The page every account form sits in: a narrow region named by its heading, the form in a card. */
export function AuthFrame({ titleId, title, back, intro, switchTo, children }: AuthFrameProps) {
  const location = useLocation();
  return (
    <section className="page narrow auth-page" aria-labelledby={titleId}>
      {back && <p className="auth-home">{back}</p>}
      <div className="card">
        <h1 id={titleId}>{title}</h1>
        {intro && <p className="muted">{intro}</p>}
        {children}
      </div>
      {switchTo && (
        <p className="auth-switch">
          {switchTo.question}{' '}
          <Link to={switchTo.to} state={location.state}>
            {switchTo.label}
          </Link>
        </p>
      )}
    </section>
  );
}
