/**
 * Where the link of a verification e-mail lands once the server has checked it: the calculator,
 * where useEmailVerificationNotice says how it went (the server adds `error=CODE` to it when the
 * link was refused).
 */
export const EMAIL_VERIFIED_CALLBACK = '/?emailVerified=1';
