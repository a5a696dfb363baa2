import { exportTargetFromSaved } from './export-target';
import { ExportToGhlButton } from './export-to-ghl-button';
import { ExportToSheetsButton } from './export-to-sheets-button';

/** A saved property's Export to Sheets and Export to GoHighLevel buttons, named for its address. */
export function SavedPropertyExportButtons({ property }: { property: Parameters<typeof exportTargetFromSaved>[0] }) {
  return (
    <>
      <ExportToSheetsButton
        target={exportTargetFromSaved(property)}
        className="button button-secondary button-small"
        labelSuffix={property.address}
      />
      <ExportToGhlButton
        target={exportTargetFromSaved(property)}
        className="button button-secondary button-small"
        labelSuffix={property.address}
      />
    </>
  );
}
