import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <section className="page narrow">
      <h1>Page not found</h1>
      <p>The page you are looking for does not exist.</p>
      <Link className="button button-primary" to="/">
        Go to the calculator
      </Link>
    </section>
  );
}
