import { useState } from 'react';
import type { z } from 'zod';
import { SharedOfferFollowUpSchema } from '#domain/follow-ups/shared-offer-follow-up.ts';
import { api, ApiError, readJson, serverErrorMessage } from '#web/api/api-client.ts';
import { useFocusOnMount } from '#web/components/focus-on-mount.ts';
import { notify } from '#web/components/notify.ts';
import { TextField } from '#web/components/text-field.tsx';
import { useSchemaForm } from '#web/components/use-schema-form.ts';

// The form's fields; the link's token and the answer to "Replace it?" are added when sending.
const FormSchema = SharedOfferFollowUpSchema.pick({ name: true, email: true });

/**
 * Under a shared offer's link: follow it up by e-mail with the homeowner it goes to, until they
 * answer (the workspace's sequence). Asks before replacing a sequence the homeowner already has.
 */
export function ShareFollowUpForm({ url }: { url: string }) {
  const token = url.split('/offer/')[1] ?? '';
  const form = useSchemaForm(FormSchema, { name: '', email: '' });
  const [started, setStarted] = useState<string | null>(null);
  const [askingToReplace, setAskingToReplace] = useState<z.output<typeof FormSchema> | null>(null);

  const start = (contact: z.output<typeof FormSchema>, replace: boolean) =>
    readJson(api['offer-links']['follow-up'].$post({ json: { token, ...contact, replace } })).then(
      ({ followUp }) => {
        setAskingToReplace(null);
        setStarted(followUp.email);
      },
      (error: unknown) => {
        if (error instanceof ApiError && error.code === 'follow-up-active') setAskingToReplace(contact);
        else notify.error(serverErrorMessage(error, 'Something went wrong. Please try again.'));
      },
    );

  if (started) return <FollowUpsStarted email={started} />;
  return (
    <form
      noValidate
      className="share-follow-up"
      aria-labelledby="share-follow-up-title"
      onSubmit={form.handleSubmit((contact) => start(contact, false))}
    >
      <h3 id="share-follow-up-title" className="share-follow-up-title">
        Follow up by e-mail until they answer
      </h3>
      <TextField id="share-follow-up-name" label="Homeowner’s name" autoComplete="off" {...form.field('name')} />
      <TextField
        id="share-follow-up-email"
        label="Homeowner’s e-mail"
        type="email"
        autoComplete="off"
        {...form.field('email')}
      />
      {askingToReplace ? (
        <div role="group" aria-label="Replace the running sequence?">
          <p>This homeowner already has an active follow-up sequence. Replace it?</p>
          <div className="modal-actions">
            <button type="button" className="button button-primary" onClick={() => void start(askingToReplace, true)}>
              Replace it
            </button>
            <button type="button" className="button button-secondary" onClick={() => setAskingToReplace(null)}>
              Keep the running one
            </button>
          </div>
        </div>
      ) : (
        <button type="submit" className="button button-secondary" disabled={form.submitting}>
          {form.submitting ? 'Starting...' : 'Start follow-ups'}
        </button>
      )}
    </form>
  );
}

/** What replaces the form once it is sent; it takes the focus the form's button had, which would otherwise fall out of the dialog. */
function FollowUpsStarted({ email }: { email: string }) {
  useFocusOnMount('share-follow-up-started');
  return (
    <p id="share-follow-up-started" role="status" className="share-follow-up-started" tabIndex={-1}>
      Follow-ups started: {email} gets e-mails on the sequence’s days until they answer.
    </p>
  );
}
