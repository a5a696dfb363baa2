import { lazy, Suspense, type ComponentType } from 'react';

// The export dialogs' forms (and zod, which they validate with) load when a dialog first opens,
// not with every page that shows an export button.
function whenLoaded<Props extends object>(Component: ComponentType<Props>) {
  return (props: Props) => (
    <Suspense fallback={<p className="muted">Loading...</p>}>
      <Component {...props} />
    </Suspense>
  );
}

export const LazyExportContactForm = whenLoaded(
  lazy(async () => ({ default: (await import('./export-contact-form')).ExportContactForm })),
);
export const LazyGhlKeySetupForm = whenLoaded(
  lazy(async () => ({ default: (await import('./ghl-key-setup-form')).GhlKeySetupForm })),
);
