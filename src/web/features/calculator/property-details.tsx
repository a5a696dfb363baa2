import { useState } from 'react';
import type { MarketValueFromComps } from '#domain/offer/offer-receipt-lines.ts';
import { useTypedBeforeHydration } from '#web/components/use-typed-before-hydration.ts';
import { EstimateDialog } from './estimate-dialog';
import { usePlacesAutocomplete } from './use-places-autocomplete';

interface PropertyDetailsProps {
  address: string;
  marketValueText: string;
  /** Set when the market value is the ARV from comps ("Use this ARV"): the field says so. */
  marketValueFromComps?: MarketValueFromComps | undefined;
  errors: { address?: string; marketValue?: string };
  onAddressChange: (address: string) => void;
  onMarketValueChange: (text: string) => void;
}

export function PropertyDetails({
  address,
  marketValueText,
  marketValueFromComps,
  errors,
  onAddressChange,
  onMarketValueChange,
}: PropertyDetailsProps) {
  const [estimateOpen, setEstimateOpen] = useState(false);
  const addressInputRef = usePlacesAutocomplete(onAddressChange);
  // A page drawn by the server can be typed into before it hydrates (its code loads after its first paint).
  useTypedBeforeHydration('address', address, onAddressChange);
  useTypedBeforeHydration('market-value', marketValueText, onMarketValueChange);

  return (
    <fieldset className="card">
      <legend className="card-title">
        {/* A heading as well as the group's name, so headings navigation reaches each section. */}
        <h2>Property Details</h2>
      </legend>
      <div className="field">
        <label htmlFor="address">Property address</label>
        <input
          ref={addressInputRef}
          id="address"
          name="address"
          autoComplete="street-address"
          placeholder="123 Main St, Austin, TX 78701"
          value={address}
          aria-invalid={errors.address ? true : undefined}
          aria-describedby={errors.address ? 'address-error' : undefined}
          onChange={(event) => onAddressChange(event.target.value)}
        />
        {errors.address && (
          <p id="address-error" className="field-error" role="alert">
            {errors.address}
          </p>
        )}
      </div>
      <div className={marketValueFromComps ? 'field field-from-comps' : 'field'}>
        <label htmlFor="market-value">Market value</label>
        <div className="input-with-button">
          <span className="input-prefix" aria-hidden="true">
            $
          </span>
          <input
            id="market-value"
            name="marketValue"
            inputMode="decimal"
            placeholder="250,000"
            value={marketValueText}
            aria-invalid={errors.marketValue ? true : undefined}
            aria-describedby={errors.marketValue ? 'market-value-error market-value-hint' : 'market-value-hint'}
            onChange={(event) => onMarketValueChange(event.target.value)}
          />
          <button type="button" className="button button-secondary" onClick={() => setEstimateOpen(true)}>
            Estimate
          </button>
        </div>
        <p id="market-value-hint" className="field-hint">
          {marketValueFromComps
            ? `The ARV from ${marketValueFromComps.compCount} comparable sales (Use this ARV). Type a figure to use your own.`
            : 'What the house would sell for after repairs (the after-repair value).'}
        </p>
        {errors.marketValue && (
          <p id="market-value-error" className="field-error" role="alert">
            {errors.marketValue}
          </p>
        )}
      </div>
      <EstimateDialog open={estimateOpen} address={address} onClose={() => setEstimateOpen(false)} />
    </fieldset>
  );
}
