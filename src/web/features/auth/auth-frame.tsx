import type { ReactNode } from 'react';

interface AuthFrameProps {
  /** The heading's id, which names the page's region. */
  titleId: string;
  title: string;
  /** The link above the card (Home, or back to sign in). */
  back?: ReactNode;
  /** A line under the heading. */
  intro?: string;
  /** The line under the card (switching between sign-in and sign-up). */
  footer?: ReactNode;
  children: ReactNode;
}

/** The page every account form sits in: a narrow region named by its heading, the form in a card. */
export function AuthFrame({ titleId, title, back, intro, footer, children }: AuthFrameProps) {
  return (
    <section className="page narrow auth-page" aria-labelledby={titleId}>
      {back && <p className="auth-home">{back}</p>}
      <div className="card">
        <h1 id={titleId}>{title}</h1>
        {intro && <p className="muted">{intro}</p>}
        {children}
      </div>
      {footer && <p className="auth-switch">{footer}</p>}
    </section>
  );
}
