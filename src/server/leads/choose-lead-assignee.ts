/** How a workspace gives out its new leads (organization.lead_assignment). */
export type LeadAssignmentRule = 'member' | 'round-robin';

/** Where a new lead's assignee comes from, in the order they are tried. */
export type LeadAssigneeSource = 'answered-member' | 'round-robin' | 'designated-member' | 'owner';

/**
 * The order in which a new lead looks for its assignee (issue 26): the member whose personal page
 * or offer link the homeowner answered, while still a member; else the workspace's rule:
 * round-robin among the Acquisitions members (when there is one), then the designated member while
 * still a member, then the workspace's Owner. Pure: the caller tries each source in turn and stops
 * at the first that names a member.
 */
export function leadAssigneeSources({
  answeredMember,
  rule,
}: {
  answeredMember: boolean;
  rule: LeadAssignmentRule;
}): LeadAssigneeSource[] {
  const byRule: LeadAssigneeSource[] =
    rule === 'round-robin' ? ['round-robin', 'designated-member', 'owner'] : ['designated-member', 'owner'];
  return answeredMember ? ['answered-member', ...byRule] : byRule;
}
