/** §8 Import/export and Integrations toasts, verbatim, plus the §2 connection-page texts. */
export const integrationMessages = {
  propertyDetailsFirst: 'Please enter property details first',
  setUpGhlKey: 'Please set up your GoHighLevel API key',
  /** Issue 26: integrations are set up by the workspace's Owner or a Manager ('manage-workspace'). */
  managedByOwnerOrManager: "The workspace's Owner or a Manager sets up its integrations.",
  ghlNotSetUpForMember:
    "GoHighLevel is not set up for this workspace. The workspace's Owner or a Manager sets up its integrations.",
  apiKeySaved: 'API key saved successfully',
  apiKeySaveFailed: 'Failed to save API key',
  ghlExported: 'Successfully exported to GoHighLevel',
  ghlExportFailed: 'Failed to export to GoHighLevel',
  sheetsExported: 'Successfully exported to Google Sheets',
  sheetsExportFailed: 'Failed to export to Google Sheets',
  ghlKeyNotFound: 'GoHighLevel API key not found. Please set up your API key first.',
  ghlTestPassed: 'GoHighLevel integration working!',
  ghlTestFailed: 'GoHighLevel test failed',
  stripeTestPassed: 'Stripe integration working!',
  stripeTestFailed: 'Stripe test failed',
  googleClientIdMissing: 'Google Client ID not configured',
  googleClientSecretMissing: 'Google Client Secret not configured',
  stripePublishableKeyMissing: 'Stripe publishable key not configured',
  resendApiKeyMissing: 'Resend API key not configured',
} as const;

/** The CRM export payload's fixed source and tags (§3). */
export const CRM_EXPORT_SOURCE = 'Cash Offer Calculator';
export const CRM_EXPORT_TAGS: readonly string[] = Object.freeze(['Cash Offer Generated', 'Calculator Export']);
