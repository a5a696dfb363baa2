import { z } from 'zod';
import { sheetsSettingsMessages } from './sheets-settings-messages';

const isWebhookUrl = (text: string, allowHttp: boolean) => {
  try {
    const url = new URL(text);
    const scheme = url.protocol === 'https:' || (allowHttp && url.protocol === 'http:');
    return scheme && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
};

/**
 * A wholesaler's own spreadsheet webhook (issue 14): an https address, used before the
 * operator's SHEETS_WEBHOOK_URL. `allowHttp` is the server's test allowance
 * (ALLOW_PRIVATE_WEBHOOK_URLS), for local fakes.
 */
export function sheetsSettingsSchema({ allowHttp }: { allowHttp: boolean }) {
  return z.object({
    webhookUrl: z
      .string()
      .trim()
      .min(1, { error: sheetsSettingsMessages.webhookUrlRequired, abort: true })
      .max(2048, { error: sheetsSettingsMessages.webhookUrlTooLong, abort: true })
      .refine((text) => isWebhookUrl(text, allowHttp), sheetsSettingsMessages.webhookUrlInvalid),
  });
}

export const SheetsSettingsSchema = sheetsSettingsSchema({ allowHttp: false });

export type SheetsSettings = z.infer<typeof SheetsSettingsSchema>;
