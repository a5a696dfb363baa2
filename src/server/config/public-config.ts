import type { EmailDelivery } from '#domain/email/email-delivery.ts';
import type { Env } from '../env';

/** The allow-list of configuration the browser may know. Never add a secret here. */
export function publicConfig(env: Env) {
  return {
    googleMapsApiKey: env.GOOGLE_MAPS_API_KEY ?? null,
    googleClientId: env.GOOGLE_CLIENT_ID ?? null,
    googleSignIn: env.googleSignIn,
    billingMode: env.billingMode,
    stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY ?? null,
    leadFormUrl: env.LEAD_FORM_URL ?? null,
    // Without a provider every e-mail only reaches the server log, and the screens say so.
    emailDelivery: (env.RESEND_API_KEY ? 'provider' : 'outbox') as EmailDelivery,
  } as const;
}

export type PublicConfig = ReturnType<typeof publicConfig>;
