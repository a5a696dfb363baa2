import { useState } from 'react';
import { serverErrorMessage } from '#web/api/api-client.ts';
import { notify } from '#web/components/notify.ts';
import { SelectField } from '#web/components/select-field.tsx';
import { useChooseGhlStage, useGhlPipelines } from './integrations-api';

const NO_OPPORTUNITY = 'Do not create opportunities';

/**
 * Where GoHighLevel exports put the deal (issue 14): a stage of one of the location's pipelines,
 * listed from GoHighLevel; or none, and exports then create the contact and its note only.
 */
export function GhlPipelineStage() {
  const pipelines = useGhlPipelines();
  const choose = useChooseGhlStage();
  const [edited, setEdited] = useState<string | null>(null);

  if (pipelines.isPending) return <p className="muted integration-detail">Loading pipelines...</p>;
  if (pipelines.isError)
    return (
      <p className="integration-detail" role="alert">
        {serverErrorMessage(pipelines.error, 'Could not list your GoHighLevel pipelines.')}{' '}
        <button type="button" className="button button-small button-secondary" onClick={() => void pipelines.refetch()}>
          Try again
        </button>
      </p>
    );

  const { chosen } = pipelines.data;
  const saved = chosen ? `${chosen.pipelineId}/${chosen.pipelineStageId}` : '';
  const value = edited ?? saved;
  const options = pipelines.data.pipelines.flatMap((pipeline) =>
    pipeline.stages.map((stage) => ({
      value: `${pipeline.id}/${stage.id}`,
      label: `${pipeline.name} → ${stage.name}`,
    })),
  );

  const save = () => {
    const [pipelineId, pipelineStageId] = value.split('/');
    choose.mutate(pipelineId && pipelineStageId ? { pipelineId, pipelineStageId } : null, {
      onSuccess: (result) => {
        setEdited(null);
        notify.success(
          result
            ? `Exported deals go to ${result.pipelineName} → ${result.stageName}`
            : 'Exports no longer create opportunities',
        );
      },
      onError: (error) => notify.error(serverErrorMessage(error, 'Failed to save the pipeline stage')),
    });
  };

  return (
    <form
      className="ghl-pipeline-stage"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <SelectField
        id="ghl-pipeline-stage"
        label="Put exported deals in"
        value={value}
        placeholder={NO_OPPORTUNITY}
        options={options}
        onChange={setEdited}
      />
      {options.length === 0 && <p className="muted field-hint">This location has no pipelines yet.</p>}
      <p className="muted field-hint">
        Each export adds a note with the offer to the contact; with a stage chosen it also creates or updates the
        contact&apos;s opportunity there, worth the high offer.
      </p>
      <button type="submit" className="button button-secondary" disabled={value === saved || choose.isPending}>
        {choose.isPending ? 'Saving...' : 'Save pipeline stage'}
      </button>
    </form>
  );
}
