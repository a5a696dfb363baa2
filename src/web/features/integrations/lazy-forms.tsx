import { lazy, Suspense, type ComponentProps } from 'react';

// The export dialogs' forms (and zod, which they validate with) load when a dialog first opens,
// not with every page that shows an export button.
const ExportContactForm = lazy(async () => ({ default: (await import('./export-contact-form')).ExportContactForm }));
const GhlKeySetupForm = lazy(async () => ({ default: (await import('./ghl-key-setup-form')).GhlKeySetupForm }));

const loading = <p className="muted">Loading...</p>;

export function LazyExportContactForm(props: ComponentProps<typeof ExportContactForm>) {
  return (
    <Suspense fallback={loading}>
      <ExportContactForm {...props} />
    </Suspense>
  );
}

export function LazyGhlKeySetupForm(props: ComponentProps<typeof GhlKeySetupForm>) {
  return (
    <Suspense fallback={loading}>
      <GhlKeySetupForm {...props} />
    </Suspense>
  );
}
