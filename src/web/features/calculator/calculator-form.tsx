import { useId, type Dispatch, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { marketValueFromCompsOf } from '#domain/arv/market-value-from-comps.ts';
import { useHydrated } from '#web/components/use-hydrated.ts';
import type { CalculatorAction, CalculatorState } from './calculator-state';
import { PropertyDetails } from './property-details';
import { RepairEstimateEditor, RepairModeSwitch } from './repair-estimate-editor';
import { RepairsChecklist } from './repairs-checklist';

interface CalculatorFormProps {
  state: CalculatorState;
  dispatch: Dispatch<CalculatorAction>;
  /** A wholesaler may estimate repairs otherwise than by the checklist. */
  isWholesaler: boolean;
  /** Called on every input (the offer's actions start loading). */
  onInput: () => void;
  /**
   * Drawn after the repairs and before Get Cash Offer (a wholesaler's ARV from comps), outside the
   * form: it holds forms of its own, and a form cannot hold another.
   */
  beforeSubmit?: ReactNode;
}

/** The calculator's inputs: the property, its repairs (the checklist, or a wholesaler's estimate) and Get Cash Offer. */
export function CalculatorForm({ state, dispatch, isWholesaler, onInput, beforeSubmit }: CalculatorFormProps) {
  const formId = useId();
  return (
    <div className="calculator-main">
      <form
        id={formId}
        className="calculator-form"
        noValidate
        aria-label="Property and repairs"
        onChange={onInput}
        onSubmit={(event) => {
          event.preventDefault();
          const form = event.currentTarget;
          // Rendered at once, so the first field that says what is wrong can take the focus.
          flushSync(() => dispatch({ type: 'calculate' }));
          form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
        }}
      >
        <PropertyDetails
          address={state.address}
          marketValueText={state.marketValueText}
          marketValueFromComps={marketValueFromCompsOf(state.marketValueSource)}
          errors={state.errors}
          onAddressChange={(address) => dispatch({ type: 'setAddress', address })}
          onMarketValueChange={(text) => dispatch({ type: 'setMarketValue', text })}
        />
        {isWholesaler && (
          <RepairModeSwitch value={state.repairMode} onChange={(mode) => dispatch({ type: 'setRepairMode', mode })} />
        )}
        {isWholesaler && state.repairMode !== 'checklist' ? (
          <RepairEstimateEditor
            mode={state.repairMode}
            perSquareFoot={state.perSquareFoot}
            lineItems={state.lineItems}
            error={state.errors.repairs}
            onPerSquareFootChange={(draft) => dispatch({ type: 'setPerSquareFoot', draft })}
            onLineItemsChange={(items) => dispatch({ type: 'setLineItems', items })}
          />
        ) : (
          <RepairsChecklist
            repairs={state.repairs}
            costTexts={state.repairCostTexts}
            costErrors={state.errors.repairCosts}
            onToggle={(name) => dispatch({ type: 'toggleRepair', name })}
            onCostType={(name, text) => dispatch({ type: 'typeRepairCost', name, text })}
            onCostLeave={(name) => dispatch({ type: 'leaveRepairCost', name })}
          />
        )}
      </form>
      {beforeSubmit}
      <GetCashOfferButton form={formId} />
    </div>
  );
}

/**
 * Disabled until the page's code runs (a page drawn by the server): a native submission would reload
 * the page and lose what was typed. A component of its own, so that hydration's end redraws the
 * button alone, not the calculator (useHydrated's change is a synchronous render).
 */
function GetCashOfferButton({ form }: { form: string }) {
  const hydrated = useHydrated();
  return (
    <button type="submit" form={form} className="button button-primary button-large button-block" disabled={!hydrated}>
      Get Cash Offer
    </button>
  );
}
