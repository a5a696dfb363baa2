import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  HOMEOWNER_VIEW_DETAILS,
  HomeownerViewSchema,
  homeownerViewDetailLabels,
  type HomeownerView,
} from '#domain/offer/homeowner-view.ts';
import { api, readJson, serverErrorMessage } from '#web/api/api-client.ts';
import { useWorkspace } from '#web/api/use-workspace.ts';
import { notify } from '#web/components/notify.ts';

const detailHints: Record<HomeownerView['detail'], string> = {
  range: 'The offer range, the address and how long the offer stands.',
  'range-with-repairs': 'The range and the repairs it allows for, with their costs.',
  'whole-math': 'The range, the market value, the repairs, the nearby sales and how the range was computed.',
};

/** What homeowners see of the workspace's offers on offer links and personal pages (Owner, Manager). */
export function HomeownerViewCard() {
  const workspaceId = useWorkspace().data?.workspace.id ?? null;
  const queryKey = ['homeowner-view', workspaceId];
  const queryClient = useQueryClient();
  const stored = useQuery({ queryKey, queryFn: () => readJson(api['homeowner-view'].$get()) });
  const save = useMutation({
    mutationFn: (view: HomeownerView) =>
      readJson(api['homeowner-view'].$put({ json: HomeownerViewSchema.parse(view) })),
    onSuccess: (view) => queryClient.setQueryData(queryKey, view),
  });

  return (
    <section className="card" aria-labelledby="homeowner-view-title">
      <h2 id="homeowner-view-title" className="card-title">
        What homeowners see
      </h2>
      {stored.data ? (
        <HomeownerViewForm
          initial={stored.data}
          saving={save.isPending}
          onSave={(view) =>
            save.mutate(view, {
              onSuccess: () => notify.success('What homeowners see is saved'),
              onError: (error) => notify.error(serverErrorMessage(error, 'Something went wrong. Please try again.')),
            })
          }
        />
      ) : (
        <p className="loading" role="status">
          {stored.isError ? 'Could not load this setting.' : 'Loading...'}
        </p>
      )}
    </section>
  );
}

function HomeownerViewForm({
  initial,
  saving,
  onSave,
}: {
  initial: HomeownerView;
  saving: boolean;
  onSave: (view: HomeownerView) => void;
}) {
  const [view, setView] = useState(initial);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSave(view);
      }}
    >
      <fieldset className="team-assignment">
        <legend>On offer links and personal pages, show</legend>
        {HOMEOWNER_VIEW_DETAILS.map((detail) => (
          <label key={detail}>
            <input
              type="radio"
              name="homeowner-view-detail"
              checked={view.detail === detail}
              onChange={() => setView({ ...view, detail })}
            />{' '}
            {homeownerViewDetailLabels[detail]}
            <span className="field-hint"> {detailHints[detail]}</span>
          </label>
        ))}
      </fieldset>
      <label>
        <input
          type="checkbox"
          checked={view.netSheet}
          onChange={(event) => setView({ ...view, netSheet: event.target.checked })}
        />{' '}
        Show the net sheet (it starts from the market value and the repairs)
      </label>
      <button type="submit" className="button button-primary" disabled={saving}>
        {saving ? 'Saving...' : 'Save'}
      </button>
    </form>
  );
}
