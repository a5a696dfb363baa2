import type { GhlOpportunityStage } from '#domain/integrations/ghl-settings-schema.ts';
import type { AppContext } from '../app-context';
import { refuseWhenUpstreamFails } from '../http/outbound/upstream-error';
import { Refusal } from '../http/refusal';
import { listGhlPipelines } from './ghl-client';
import { readGhlOpportunityStage, requireGhlSettings, saveGhlOpportunityStage } from './ghl-settings-store';
import type { SettingsCipher } from './settings-cipher';

const pipelinesUnavailable = (message: string) => `Could not list your GoHighLevel pipelines: ${message}`;

async function pipelinesOf(context: Pick<AppContext, 'env' | 'database'>, cipher: SettingsCipher, workspaceId: string) {
  const settings = await requireGhlSettings(context.database.db, cipher, workspaceId);
  const pipelines = await refuseWhenUpstreamFails(
    'GoHighLevel pipelines',
    (error) => pipelinesUnavailable(error.message),
    () => listGhlPipelines({ apiUrl: context.env.GHL_API_URL, ...settings }),
  );
  return { settings, pipelines };
}

/** The workspace's location's pipelines (from GoHighLevel, with its key) and the stage exports use, if any. */
export async function listGhlPipelinesForWorkspace(
  context: Pick<AppContext, 'env' | 'database'>,
  cipher: SettingsCipher,
  workspaceId: string,
) {
  const { settings, pipelines } = await pipelinesOf(context, cipher, workspaceId);
  const chosen = await readGhlOpportunityStage(context.database.db, workspaceId, settings.locationId);
  // A stage removed in GoHighLevel since it was chosen is not shown as chosen.
  const stillThere =
    chosen &&
    pipelines.some(
      (pipeline) =>
        pipeline.id === chosen.pipelineId && pipeline.stages.some((stage) => stage.id === chosen.pipelineStageId),
    );
  return { pipelines, chosen: stillThere ? chosen : null };
}

/** Chooses the stage exports put the deal in: only one of the location's own pipelines and stages (checked with GoHighLevel). */
export async function chooseGhlOpportunityStage(
  context: Pick<AppContext, 'env' | 'database'>,
  cipher: SettingsCipher,
  workspaceId: string,
  stage: GhlOpportunityStage,
) {
  const { settings, pipelines } = await pipelinesOf(context, cipher, workspaceId);
  const pipeline = pipelines.find((candidate) => candidate.id === stage.pipelineId);
  const pipelineStage = pipeline?.stages.find((candidate) => candidate.id === stage.pipelineStageId);
  if (!pipeline || !pipelineStage) {
    throw new Refusal(400, 'That pipeline stage is not in your GoHighLevel location', { code: 'ghl-stage-unknown' });
  }
  await saveGhlOpportunityStage(context.database.db, workspaceId, settings.locationId, stage);
  return { chosen: stage, pipelineName: pipeline.name, stageName: pipelineStage.name };
}
