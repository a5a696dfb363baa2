import {
  CrmContactSchema,
  SheetsContactSchema,
  type CrmContact,
  type SheetsContact,
} from '#domain/contact/contact-schema.ts';
import { formatPhoneInput } from '#domain/contact/phone.ts';
import { useFocusOnMount } from '#web/components/focus-on-mount.ts';
import { TextField } from '#web/components/text-field.tsx';
import { useSchemaForm } from '#web/components/use-schema-form.ts';

type Variant =
  | { variant: 'crm'; onSubmit: (contact: CrmContact) => void }
  | { variant: 'sheets'; onSubmit: (contact: SheetsContact) => void };

type ExportContactFormProps = Variant & {
  idPrefix: string;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** The server's answer to the last attempt, shown above the buttons. */
  error: string | null;
  onCancel: () => void;
};

const empty = { name: '', email: '', phone: '', city: '', state: '', zipCode: '' };

/**
 * §2 'Add Contact Information' for the CRM (name, email, phone) and the sheet (plus city, state
 * and ZIP): §5 rules and wordings from the shared schemas, errors shown once a field is left,
 * the submit button enabled only when everything is valid.
 */
export function ExportContactForm(props: ExportContactFormProps) {
  const { variant, idPrefix, submitLabel, pendingLabel, pending, error, onCancel } = props;
  // The CRM's schema reads name, e-mail and phone and drops the sheet's address fields.
  const form = useSchemaForm(variant === 'crm' ? CrmContactSchema : SheetsContactSchema, empty);
  useFocusOnMount(`${idPrefix}-name`);

  const field = (
    key: keyof typeof empty,
    label: string,
    options: { type?: string; autoComplete?: string; placeholder?: string; format?: (value: string) => string } = {},
  ) => (
    <TextField
      id={`${idPrefix}-${key}`}
      label={label}
      type={options.type}
      autoComplete={options.autoComplete}
      placeholder={options.placeholder}
      {...form.field(key, options.format)}
    />
  );

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((contact) => {
        if (pending) return;
        if (props.variant === 'crm') props.onSubmit(contact);
        else props.onSubmit(contact as SheetsContact); // parsed by the sheet's schema, chosen by the same variant
      })}
    >
      {field('name', 'Name', { autoComplete: 'name' })}
      {field('email', 'Email', { type: 'email', autoComplete: 'email' })}
      {field('phone', 'Phone', {
        type: 'tel',
        autoComplete: 'tel',
        placeholder: '555-123-4567',
        format: formatPhoneInput,
      })}
      {variant === 'sheets' && (
        <div className="form-grid export-address-grid">
          {field('city', 'City', { autoComplete: 'address-level2' })}
          {/* §5: upper-cased as typed, two letters at most. */}
          {field('state', 'State', {
            autoComplete: 'address-level1',
            placeholder: 'TX',
            format: (value) => value.toUpperCase().slice(0, 2),
          })}
          {field('zipCode', 'ZIP Code', {
            autoComplete: 'postal-code',
            placeholder: '78701',
            format: (value) => value.slice(0, 10),
          })}
        </div>
      )}
      {error && (
        <p className="export-error" role="alert">
          {error}
        </p>
      )}
      <div className="form-actions">
        <button type="button" className="button button-secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button-primary" disabled={!form.valid || pending}>
          {pending ? pendingLabel : submitLabel}
        </button>
      </div>
    </form>
  );
}
