import { describe, expect, it } from 'vitest';
import { LEAD_STATUSES } from '../leads/lead-status';
import {
  assignableRoles,
  may,
  maySeeBuyers,
  mayWorkLead,
  rolesThatMay,
  WORKSPACE_ROLES,
  type WorkspaceRole,
} from './roles';

const member = (role: WorkspaceRole, mayBulkSendAndExport = false) => ({ role, mayBulkSendAndExport });

describe('may', () => {
  it('gives billing to the Owner alone', () => {
    expect(WORKSPACE_ROLES.filter((role) => may(member(role, true), 'billing'))).toEqual(['owner']);
  });

  it('lets a Viewer do nothing but read', () => {
    for (const action of ['work-deals', 'work-contracted-deals', 'bulk-send-and-export', 'manage-workspace'] as const)
      expect(may(member('viewer', true), action)).toBe(false);
  });

  it('lets Acquisitions bulk send and export only when switched on', () => {
    expect(may(member('acquisitions'), 'bulk-send-and-export')).toBe(false);
    expect(may(member('acquisitions', true), 'bulk-send-and-export')).toBe(true);
    expect(may(member('dispositions', true), 'bulk-send-and-export')).toBe(false);
  });

  it('lets Dispositions work contracted deals and nothing earlier', () => {
    expect(may(member('dispositions'), 'work-contracted-deals')).toBe(true);
    expect(may(member('dispositions'), 'work-deals')).toBe(false);
  });
});

describe('buyers (issue 39)', () => {
  it('lets Owners, Managers and Dispositions work buyers, only the Owner share them, and Acquisitions see them when shared', () => {
    expect(WORKSPACE_ROLES.filter((role) => may(member(role, true), 'work-buyers'))).toEqual([
      'owner',
      'manager',
      'dispositions',
    ]);
    expect(WORKSPACE_ROLES.filter((role) => may(member(role, true), 'share-buyers'))).toEqual(['owner']);
    expect(WORKSPACE_ROLES.filter((role) => maySeeBuyers({ role }, false))).toEqual([
      'owner',
      'manager',
      'dispositions',
      'viewer',
    ]);
    expect(WORKSPACE_ROLES.filter((role) => maySeeBuyers({ role }, true))).toEqual(WORKSPACE_ROLES);
  });
});

describe('rolesThatMay', () => {
  it('names the roles that may bulk send always and those that may with the switch, as may() decides', () => {
    expect(rolesThatMay('bulk-send-and-export')).toEqual({
      always: ['owner', 'manager'],
      withSwitch: ['acquisitions'],
    });
    expect(rolesThatMay('work-deals')).toEqual({ always: ['owner', 'manager', 'acquisitions'], withSwitch: [] });
    for (const action of ['work-deals', 'bulk-send-and-export', 'billing'] as const) {
      const { always, withSwitch } = rolesThatMay(action);
      for (const role of WORKSPACE_ROLES) {
        expect(may(member(role, true), action)).toBe(always.includes(role) || withSwitch.includes(role));
        expect(may(member(role, false), action)).toBe(always.includes(role));
      }
    }
  });
});

describe('mayWorkLead', () => {
  it('lets roles that work deals work every lead, Dispositions only contracted ones, and a Viewer none', () => {
    for (const status of LEAD_STATUSES) {
      expect(mayWorkLead(member('owner'), status)).toBe(true);
      expect(mayWorkLead(member('acquisitions'), status)).toBe(true);
      expect(mayWorkLead(member('viewer', true), status)).toBe(false);
    }
    expect(LEAD_STATUSES.filter((status) => mayWorkLead(member('dispositions'), status))).toEqual([
      'under-contract',
      'closed',
    ]);
  });
});

describe('assignableRoles', () => {
  it('lets only an Owner make an Owner', () => {
    expect(assignableRoles('owner')).toContain('owner');
    expect(assignableRoles('manager')).not.toContain('owner');
    expect(assignableRoles('acquisitions')).toEqual([]);
  });
});
