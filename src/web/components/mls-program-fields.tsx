import {
  MAX_NOTES_LENGTH,
  PROPERTY_CONDITIONS,
  SALE_TIMEFRAMES,
  timeframeLabel,
} from '#domain/leads/mls-program-schema.ts';
import { SelectField } from './select-field';
import { TextAreaField } from './text-area-field';
import { TextField } from './text-field';
import type { FieldBinding } from './use-schema-form';

const conditionOptions = PROPERTY_CONDITIONS.map((value) => ({ value, label: value }));
const timeframeOptions = SALE_TIMEFRAMES.map((value) => ({ value, label: timeframeLabel(value) }));

interface MlsProgramFieldsProps {
  /** Each field's binding from the form (the phone formatted as typed); no address when the form's is known already. */
  fields: Record<'fullName' | 'phone' | 'email' | 'condition' | 'timeframe' | 'notes', FieldBinding> & {
    address?: FieldBinding;
  };
}

/** §5 'MLS/Retail Program Details' fields: contact, property address (optional here), condition, timeframe and notes. */
export function MlsProgramFields({ fields }: MlsProgramFieldsProps) {
  return (
    <>
      <div className="form-grid">
        <TextField id="program-fullName" label="Full Name" autoComplete="name" {...fields.fullName} />
        <TextField
          id="program-phone"
          label="Phone"
          type="tel"
          autoComplete="tel"
          placeholder="555-123-4567"
          {...fields.phone}
        />
        <TextField id="program-email" label="Email" type="email" autoComplete="email" {...fields.email} />
        {fields.address && (
          <TextField id="program-address" label="Property Address" autoComplete="street-address" {...fields.address} />
        )}
        <SelectField
          id="program-condition"
          label="Property Condition"
          placeholder="Select condition"
          options={conditionOptions}
          {...fields.condition}
        />
        <SelectField
          id="program-timeframe"
          label="Timeframe to Sell"
          placeholder="Select timeframe"
          options={timeframeOptions}
          {...fields.timeframe}
        />
      </div>
      <TextAreaField
        id="program-notes"
        label="Additional Notes (optional)"
        maxLength={MAX_NOTES_LENGTH}
        {...fields.notes}
      />
    </>
  );
}
