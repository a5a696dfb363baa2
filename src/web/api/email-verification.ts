/** The mark on the address a verification e-mail's link lands on. */
export const EMAIL_VERIFIED_PARAM = 'emailVerified';

/**
 * Where the link of a verification e-mail lands once the server has checked it: the calculator,
 * where useEmailVerificationNotice says how it went (the server adds `error=CODE` to it when the
 * link was refused).
 */
export const EMAIL_VERIFIED_CALLBACK = `/?${EMAIL_VERIFIED_PARAM}=1`;
