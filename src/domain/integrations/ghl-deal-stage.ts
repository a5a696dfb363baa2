/** How far a deal went, as GoHighLevel's opportunity follows it: an offer, a contract with the seller, or sold to a buyer. */
export type GhlDealPhase = 'offer' | 'under-contract' | 'sold';

/** The stage names a deal's phase looks for in the chosen pipeline, first match wins. */
const STAGE_NAMES: Record<Exclude<GhlDealPhase, 'offer'>, RegExp> = {
  'under-contract': /\bunder contract\b|\bcontract(ed)?\b/i,
  sold: /\bassigned\b|\bassignment\b|\bsold\b|\bclosed\b|\bwon\b/i,
};

/**
 * Where the opportunity of a deal goes (issue 39 §7): an offer stays at the stage the workspace
 * chose; a deal under contract or sold moves to the stage of the chosen pipeline named for its
 * phase ("Under Contract"; "Assigned", "Sold", "Closed" or "Won"), else stays at the chosen one.
 * A sold deal's opportunity is won; any other open.
 */
export function ghlDealStage(
  chosen: { pipelineId: string; pipelineStageId: string },
  pipeline: { id: string; stages: readonly { id: string; name: string }[] } | undefined,
  phase: GhlDealPhase,
): { pipelineId: string; pipelineStageId: string; status: 'open' | 'won' } {
  const status = phase === 'sold' ? 'won' : 'open';
  if (phase === 'offer' || pipeline?.id !== chosen.pipelineId) return { ...chosen, status };
  const named = pipeline.stages.find((stage) => STAGE_NAMES[phase].test(stage.name));
  return { pipelineId: chosen.pipelineId, pipelineStageId: named?.id ?? chosen.pipelineStageId, status };
}
