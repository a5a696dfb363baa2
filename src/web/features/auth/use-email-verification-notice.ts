import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { bulkImportMessages } from '#domain/bulk-import/bulk-import-messages.ts';
import { EMAIL_VERIFIED_PARAM } from '#web/api/email-verification.ts';
import { notify } from '#web/components/notify.ts';

/**
 * On the page a verification e-mail's link lands on (EMAIL_VERIFIED_CALLBACK), says whether the
 * e-mail address is now verified or the link was refused, then takes the marks off the address.
 */
export function useEmailVerificationNotice() {
  const [searchParams, setSearchParams] = useSearchParams();
  const landed = searchParams.has(EMAIL_VERIFIED_PARAM);
  const refused = searchParams.has('error');

  useEffect(() => {
    if (!landed) return;
    if (refused) notify.error(bulkImportMessages.verificationLinkRefused);
    else notify.success(bulkImportMessages.emailVerified);
    setSearchParams(
      (params) => {
        params.delete(EMAIL_VERIFIED_PARAM);
        params.delete('error');
        return params;
      },
      { replace: true },
    );
  }, [landed, refused, setSearchParams]);
}
