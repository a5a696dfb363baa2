import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { MAX_PHONES } from '#domain/contact/contact-schema.ts';
import { api, readJson } from '#web/api/api-client.ts';
import { useSession } from '#web/api/use-session.ts';
import type { OpenedDeal } from '#web/features/calculator/opened-deal.ts';
import { savedPropertyQuery } from '#web/features/saved/saved-properties-api.ts';

/** A saved contact's phones (joinPhones wrote them ', '-separated), as the contact form holds them: at least one field. */
function phonesOf(joined: string): string[] {
  const phones = joined
    .split(',')
    .map((phone) => phone.trim())
    .filter((phone) => phone !== '')
    .slice(0, MAX_PHONES);
  return phones.length > 0 ? phones : [''];
}

const isId = (value: string | null): value is string => z.uuid().safeParse(value).success;

/**
 * The deal the calculator's address asks for (issue 42 §4): `?saved={id}`, a saved property of the
 * signed-in member's workspace, or `?lead={id}`, a lead's property. 'loading' while it is read;
 * null when none is asked for, the visitor is signed out, or it cannot be read (not theirs: 404).
 */
export function useOpenedDeal(search: string): OpenedDeal | 'loading' | null {
  const params = new URLSearchParams(search);
  const savedId = params.get('saved');
  const leadId = params.get('lead');
  const { user, isPending } = useSession();
  const signedIn = user !== null && user !== undefined;
  const saved = useQuery({
    ...savedPropertyQuery(savedId ?? ''),
    enabled: signedIn && isId(savedId),
    retry: false,
  });
  const lead = useQuery({
    queryKey: ['leads', user?.id ?? null, 'opened', leadId],
    queryFn: () => readJson(api['leads-inbox'][':id'].$get({ param: { id: leadId ?? '' } })),
    enabled: signedIn && !isId(savedId) && isId(leadId),
    retry: false,
  });
  if (!isId(savedId) && !isId(leadId)) return null;
  if (isPending) return 'loading';
  if (!signedIn) return null;
  if (isId(savedId)) {
    if (saved.isPending) return 'loading';
    if (!saved.data) return null;
    const { property, versions } = saved.data;
    return {
      savedPropertyId: property.id,
      leadId: null,
      address: property.address,
      marketValue: property.marketValue,
      repairs: property.repairCosts,
      repairEstimate: property.repairEstimate,
      formula: property.formula,
      arvComps: property.arvComps,
      contact: { name: property.contactName, email: property.contactEmail, phones: phonesOf(property.contactPhone) },
      versions: versions.map(({ id, replacedAt, figures }) => ({
        id,
        replacedAt,
        marketValue: figures.marketValue,
        totalRepairCost: figures.totalRepairCost,
        offerRange: { low: figures.cashOfferLow, high: figures.cashOfferHigh },
      })),
    };
  }
  if (lead.isPending) return 'loading';
  if (!lead.data) return null;
  const found = lead.data.lead;
  return {
    savedPropertyId: null,
    leadId: found.id,
    address: found.address,
    marketValue: found.marketValue,
    repairs: found.repairs,
    repairEstimate: null,
    formula: found.dealFigures.formula,
    arvComps: null,
    contact: { name: found.name ?? '', email: found.email ?? '', phones: [found.phone ?? ''] },
    versions: [],
  };
}
