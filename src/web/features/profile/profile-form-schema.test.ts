import { describe, expect, it } from 'vitest';
import { sendingPolicyMessages } from '#domain/email/sending-policy-messages.ts';
import { fieldErrors } from '#domain/validation/field-errors.ts';
import { profileFormValues, ProfileFormSchema, type ProfileFormValues } from './profile-form-schema';

const values = (overrides: Partial<ProfileFormValues> = {}): ProfileFormValues => ({
  displayName: 'Ann Lee',
  company: 'Lee Homes',
  phone: '512-555-0100',
  replyToEmail: '',
  handle: '',
  postalAddress: '',
  notifyOnLeads: 'yes',
  notifyOnAssignments: 'no',
  ...overrides,
});

describe('ProfileFormSchema', () => {
  it('turns the form into the profile the server takes: no handle is null, the checkbox a boolean', () => {
    expect(
      ProfileFormSchema.parse(
        values({ notifyOnLeads: 'no', notifyOnAssignments: 'yes', replyToEmail: ' Ann@Example.com ' }),
      ),
    ).toEqual({
      displayName: 'Ann Lee',
      company: 'Lee Homes',
      phone: '512-555-0100',
      replyToEmail: 'ann@example.com',
      handle: null,
      postalAddress: '',
      notifyOnLeads: false,
      notifyOnAssignments: true,
    });
    expect(ProfileFormSchema.parse(values({ handle: ' Ann-Lee ' })).handle).toBe('ann-lee');
  });

  it.each([
    [{ displayName: ' ' }, 'displayName', 'Display name is required'],
    [{ handle: 'ab' }, 'handle', 'Handle must be 3 to 30 characters'],
    [{ handle: 'login' }, 'handle', 'This handle is reserved; please choose another'],
    [
      { handle: 'ann lee' },
      'handle',
      'Handle may use only lowercase letters, digits and hyphens, and cannot start or end with a hyphen',
    ],
    [{ phone: '5125550100' }, 'phone', 'Please enter a valid phone number (XXX-XXX-XXXX)'],
    [{ replyToEmail: 'ann@' }, 'replyToEmail', 'Please enter a valid email address'],
    // Issue 25: what signs every e-mail to a homeowner is plain words, said at the field.
    [
      { displayName: 'Verify at evil.example/login' },
      'displayName',
      sendingPolicyMessages.linkOrMarkup('Display name'),
    ],
    [{ company: '<b>Lee Homes</b>' }, 'company', sendingPolicyMessages.linkOrMarkup('Company')],
    [
      { postalAddress: '1 Main St, https://evil.example' },
      'postalAddress',
      sendingPolicyMessages.linkOrMarkup('Postal address'),
    ],
  ])('%j: %s says %j', (overrides, field, message) => {
    expect(fieldErrors(ProfileFormSchema.safeParse(values(overrides)))[field]).toBe(message);
  });

  it('reads a stored profile back into the form', () => {
    const stored = ProfileFormSchema.parse(values({ handle: 'ann-lee', notifyOnLeads: 'no' }));
    expect(profileFormValues(stored)).toEqual(values({ handle: 'ann-lee', notifyOnLeads: 'no' }));
  });
});
