import { useMutation } from '@tanstack/react-query';
import { api, readJson } from '#web/api/api-client.ts';

/** Stops offers by mail and e-mail to the mailing address a short code was printed for (issue 41). */
export function useStopMail(code: string) {
  return useMutation({ mutationFn: () => readJson(api.public.mail.stop.$post({ json: { code } })) });
}
