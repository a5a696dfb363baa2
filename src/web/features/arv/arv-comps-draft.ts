import { z } from 'zod';
import { ArvCompSchema, CompDecisionSchema, MAX_ARV_COMPS } from '#domain/arv/arv-request-schema.ts';

/**
 * The ARV panel's work on the calculator before the property is saved: the subject's facts as
 * typed, the comps (from a CSV or typed), the rows not used, and the user's pins and exclusions.
 * Kept in this tab's sessionStorage under the calculator's address, so a reload gives it back;
 * gone once the property is saved (its comps then go with it), or with the tab.
 */
const ArvCompsDraftSchema = z.object({
  address: z.string(),
  subjectTexts: z.record(z.string(), z.string()),
  comps: z.array(ArvCompSchema).max(MAX_ARV_COMPS),
  typed: z.array(z.boolean()).max(MAX_ARV_COMPS),
  rejected: z.array(z.object({ line: z.number(), reason: z.string() })).max(10_000),
  decisions: z.record(z.string(), CompDecisionSchema),
});
export type ArvCompsDraft = z.infer<typeof ArvCompsDraftSchema>;

const STORAGE_KEY = 'arv-comps-draft';

/** One address however it was typed: case, spaces and a trailing comma do not make another property. */
const sameAddress = (a: string, b: string) => {
  const normal = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ').replace(/,$/, '');
  return normal(a) === normal(b);
};

/** Keeps the panel's work (an empty panel clears what was kept). */
export function keepArvCompsDraft(draft: ArvCompsDraft) {
  try {
    const empty = draft.comps.length === 0 && Object.values(draft.subjectTexts).every((text) => !text.trim());
    if (empty) sessionStorage.removeItem(STORAGE_KEY);
    else sessionStorage.setItem(STORAGE_KEY, JSON.stringify(draft));
  } catch {
    // Storage refused (private mode, quota): a reload loses the comps, as before.
  }
}

/**
 * The kept work for the calculator's address: the same address, or any when the calculator has
 * none yet (a reload empties the calculator's fields); null when nothing of that shape is kept.
 */
export function readArvCompsDraft(address: string): ArvCompsDraft | null {
  try {
    const parsed = ArvCompsDraftSchema.safeParse(JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null'));
    if (!parsed.success) return null;
    const draft = parsed.data;
    if (address.trim() && draft.address.trim() && !sameAddress(address, draft.address)) return null;
    return draft;
  } catch {
    return null;
  }
}

/** After a save: the comps are the saved property's now. */
export function forgetArvCompsDraft() {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing kept.
  }
}
