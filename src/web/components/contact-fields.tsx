import { TextField } from './text-field';
import type { FieldBinding } from './use-schema-form';

interface ContactFieldsProps {
  /** Prefix of the inputs' ids, unique on the page ('lead' → 'lead-name', 'lead-email', 'lead-phone'). */
  idPrefix: string;
  /** Each field's binding from the form (the phone formatted as typed). */
  fields: Record<'name' | 'email' | 'phone', FieldBinding>;
}

/** A homeowner's contact (§5: name, e-mail and phone ###-###-####), as every answer form asks it. */
export function ContactFields({ idPrefix, fields }: ContactFieldsProps) {
  return (
    <>
      <TextField id={`${idPrefix}-name`} label="Name" autoComplete="name" {...fields.name} />
      <TextField id={`${idPrefix}-email`} label="Email" type="email" autoComplete="email" {...fields.email} />
      <TextField
        id={`${idPrefix}-phone`}
        label="Phone"
        type="tel"
        autoComplete="tel"
        placeholder="555-123-4567"
        {...fields.phone}
      />
    </>
  );
}
