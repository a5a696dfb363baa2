import { Link } from 'react-router';
import { formatPhoneInput } from '#domain/contact/phone.ts';
import { HANDLE_MAX_LENGTH, HandleSchema } from '#domain/profile/wholesaler-profile-schema.ts';
import { ApiError } from '#web/api/api-client.ts';
import { notify } from '#web/components/notify.ts';
import { useSchemaForm } from '#web/components/use-schema-form.ts';
import { PersonalPageLinks } from './personal-page-links';
import { useProfile, useSaveProfile, type ProfileView } from './profile-api';
import { ProfileField } from './profile-field';
import { ProfileFormSchema, profileFormValues } from './profile-form-schema';
import { ReplyToConfirmation } from './reply-to-confirmation';
import './profile.css';

/** /profile: how homeowners see the wholesaler, where lead e-mails go, and their personal page. */
export function ProfilePage() {
  const profile = useProfile();
  return (
    <section className="profile-page" aria-labelledby="profile-title">
      <p className="profile-back">
        <Link to="/leads">← Leads</Link>
      </p>
      <h1 id="profile-title">Profile</h1>
      <p className="muted">
        Homeowners see these details on your offer links and your personal page; lead e-mails go to your reply-to
        address.
      </p>
      {profile.isPending ? (
        <p className="loading" role="status">
          Loading profile...
        </p>
      ) : profile.isError ? (
        <div className="card" role="alert">
          <p>We could not load your profile. Please check your connection and try again.</p>
          <button type="button" className="button button-primary" onClick={() => void profile.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <div className="profile-layout">
          <ProfileForm view={profile.data} />
          {profile.data.personalPageUrl ? (
            <PersonalPageLinks url={profile.data.personalPageUrl} displayName={profile.data.profile.displayName} />
          ) : (
            <section className="card" aria-labelledby="personal-page-title">
              <h2 id="personal-page-title" className="card-title">
                Your personal page
              </h2>
              <p className="muted">
                Choose a handle and save: your calculator page gets its own address to share and embed on your site.
              </p>
            </section>
          )}
        </div>
      )}
    </section>
  );
}

function ProfileForm({ view }: { view: ProfileView }) {
  const save = useSaveProfile();
  const form = useSchemaForm(ProfileFormSchema, profileFormValues(view.profile));
  const handle = form.values.handle.trim().toLowerCase();
  const savedHandle = view.profile.handle;

  return (
    <form
      noValidate
      className="card profile-form"
      aria-labelledby="profile-form-title"
      onSubmit={form.handleSubmit((profile) =>
        save.mutateAsync(profile).then(
          (saved) => {
            notify.success('Profile saved');
            form.reset(profileFormValues(saved.profile));
          },
          (error: unknown) => {
            if (error instanceof ApiError && error.field === 'handle') form.showError('handle', error.message);
            else
              notify.error(
                error instanceof ApiError && error.status < 500
                  ? error.message
                  : 'Could not save your profile. Please try again.',
              );
          },
        ),
      )}
    >
      <h2 id="profile-form-title" className="card-title">
        Your details
      </h2>
      <ProfileField id="profile-display-name" label="Display name" autoComplete="name" {...form.field('displayName')} />
      <ProfileField
        id="profile-company"
        label="Company (optional)"
        autoComplete="organization"
        {...form.field('company')}
      />
      <ProfileField
        id="profile-phone"
        label="Phone (optional)"
        type="tel"
        autoComplete="tel"
        placeholder="555-123-4567"
        {...form.field('phone', formatPhoneInput)}
      />
      <ProfileField
        id="profile-reply-to"
        label="Reply-to e-mail (optional)"
        type="email"
        autoComplete="email"
        hint={replyToHint(view)}
        {...form.field('replyToEmail')}
      />
      <ReplyToConfirmation view={view} />
      <ProfileField
        id="profile-handle"
        label="Handle for your personal page (optional)"
        autoComplete="off"
        placeholder="your-name"
        hint={[
          // A page address is shown only for a handle that can be one.
          handle && HandleSchema.safeParse(handle).success
            ? `Your page: ${view.personalPageBaseUrl}${handle}`
            : 'Lowercase letters, digits and hyphens, 3 to 30 characters.',
          savedHandle &&
            handle !== savedHandle &&
            renamedHandleNote(`${view.personalPageBaseUrl}${savedHandle}`, handle),
        ]
          .filter(Boolean)
          .join('\n')}
        {...form.field('handle', (typed) => typed.toLowerCase().slice(0, HANDLE_MAX_LENGTH))}
      />
      <ProfileField
        id="profile-postal-address"
        label="Postal address (optional)"
        autoComplete="street-address"
        rows={2}
        hint="Your business mailing address: commercial e-mail, such as bulk offers, must carry one."
        {...form.field('postalAddress')}
      />
      <label className="checkbox-field" htmlFor="profile-notify">
        <input
          id="profile-notify"
          type="checkbox"
          checked={form.values.notifyOnLeads === 'yes'}
          onChange={(event) =>
            form.setValues((values) => ({ ...values, notifyOnLeads: event.target.checked ? 'yes' : 'no' }))
          }
        />
        <span>E-mail me when a homeowner answers one of my offers</span>
      </label>
      <label className="checkbox-field" htmlFor="profile-notify-assignments">
        <input
          id="profile-notify-assignments"
          type="checkbox"
          checked={form.values.notifyOnAssignments === 'yes'}
          onChange={(event) =>
            form.setValues((values) => ({ ...values, notifyOnAssignments: event.target.checked ? 'yes' : 'no' }))
          }
        />
        <span>E-mail me when a teammate gives me a lead or a task</span>
      </label>
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={form.submitting}>
          {form.submitting ? 'Saving...' : 'Save profile'}
        </button>
      </div>
    </form>
  );
}

/** What happens to the saved page's address on a rename: the server keeps it for this user (released_handles). */
function renamedHandleNote(oldPageUrl: string, newHandle: string): string {
  return newHandle
    ? `Your old page ${oldPageUrl} will keep working and send homeowners to you. No one else can take it.`
    : `Your page ${oldPageUrl} will stop working. No one else can take it.`;
}

/** Where replies and lead e-mails go: only ever to an address its owner proved (issue 25). */
function replyToHint(view: ProfileView): string {
  if (view.replyToConfirmed) return 'Confirmed: lead e-mails and homeowners’ replies go here.';
  const fallback = view.repliesGoTo ? `empty: ${view.repliesGoTo}` : `empty: ${view.accountEmail}, once you verify it`;
  return `Lead e-mails and homeowners’ replies go here once you confirm it by the link we e-mail to it; ${fallback}.`;
}
