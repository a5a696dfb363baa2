import { Link } from 'react-router';
import { ApiError } from '#web/api/api-client.ts';
import { notify } from '#web/components/notify.ts';
import { useSaveLeadAsProperty } from './leads-api';

/**
 * Saves the lead's property, current offer and homeowner as a saved property. The server applies
 * the plan's limit as for any save and answers with the plan's message ('You have reached the
 * maximum limit of 3 saved properties. Please upgrade to save more.'), shown as it is.
 */
export function SaveLeadButton({ leadId }: { leadId: string }) {
  const save = useSaveLeadAsProperty(leadId);
  return (
    <>
      <button
        type="button"
        className="button button-secondary"
        disabled={save.isPending}
        onClick={() =>
          save.mutate(undefined, {
            onSuccess: () => notify.success('Property saved successfully!'),
            onError: (error) =>
              notify.error(
                // A plan limit (403), a lead without an offer (409) or a failed offer webhook (502): the server's words.
                error instanceof ApiError && [403, 409, 502].includes(error.status)
                  ? error.message
                  : 'Error saving property. Please try again.',
              ),
          })
        }
      >
        {save.isPending ? 'Saving...' : 'Save as saved property'}
      </button>
      {save.isSuccess && (
        <p className="lead-action-note" role="status">
          Saved. <Link to="/saved">View saved properties</Link>
        </p>
      )}
    </>
  );
}
