import { describe, expect, it } from 'vitest';
import { sheetsSettingsMessages } from './sheets-settings-messages';
import { SheetsSettingsSchema } from './sheets-settings-schema';

describe('SheetsSettingsSchema', () => {
  it('takes an https webhook address, trimmed', () => {
    expect(SheetsSettingsSchema.parse({ webhookUrl: ' https://script.google.com/macros/s/abc/exec ' })).toEqual({
      webhookUrl: 'https://script.google.com/macros/s/abc/exec',
    });
  });

  it.each([
    ['', sheetsSettingsMessages.webhookUrlRequired],
    ['http://hooks.example.com/x', sheetsSettingsMessages.webhookUrlInvalid],
    ['javascript:alert(1)', sheetsSettingsMessages.webhookUrlInvalid],
    ['https://user:secret@hooks.example.com/x', sheetsSettingsMessages.webhookUrlInvalid],
    ['not a url', sheetsSettingsMessages.webhookUrlInvalid],
    [`https://hooks.example.com/${'x'.repeat(2048)}`, sheetsSettingsMessages.webhookUrlTooLong],
  ])('refuses %j', (webhookUrl, message) => {
    expect(SheetsSettingsSchema.safeParse({ webhookUrl }).error?.issues[0]?.message).toBe(message);
  });
});
