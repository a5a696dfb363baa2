import { describe, expect, it } from 'vitest';
import { ghlDealStage } from './ghl-deal-stage';

const pipeline = {
  id: 'pipe1',
  stages: [
    { id: 'new', name: 'New Lead' },
    { id: 'offer', name: 'Offer Sent' },
    { id: 'contract', name: 'Under Contract' },
    { id: 'assigned', name: 'Assigned to Buyer' },
  ],
};
const chosen = { pipelineId: 'pipe1', pipelineStageId: 'offer' };

describe('ghlDealStage', () => {
  it.each([
    ['offer', 'offer', 'open'],
    ['under-contract', 'contract', 'open'],
    ['sold', 'assigned', 'won'],
  ] as const)('puts a deal at its %s stage', (phase, stage, status) => {
    expect(ghlDealStage(chosen, pipeline, phase)).toEqual({ pipelineId: 'pipe1', pipelineStageId: stage, status });
  });

  it('stays at the chosen stage when the pipeline has none named for the phase, or is unknown', () => {
    const plain = { id: 'pipe1', stages: [{ id: 'offer', name: 'Offer Sent' }] };
    expect(ghlDealStage(chosen, plain, 'sold')).toEqual({ ...chosen, status: 'won' });
    expect(ghlDealStage(chosen, undefined, 'under-contract')).toEqual({ ...chosen, status: 'open' });
    expect(ghlDealStage(chosen, { ...pipeline, id: 'other' }, 'under-contract')).toEqual({ ...chosen, status: 'open' });
  });

  it('finds "Closed", "Sold" and "Won" stages for a sold deal', () => {
    for (const name of ['Closed', 'Sold', 'Won', 'Closed Won']) {
      const named = {
        id: 'pipe1',
        stages: [
          { id: 'x', name: 'Offer' },
          { id: 'end', name },
        ],
      };
      expect(ghlDealStage(chosen, named, 'sold').pipelineStageId).toBe('end');
    }
  });
});
