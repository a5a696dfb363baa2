import { useHydrated } from '../../components/use-hydrated';
import { Suspense, useEffect, useReducer, useState } from 'react';
import { flushSync } from 'react-dom';
import { useLocation, useNavigate } from 'react-router';
import { defaultTemplate } from '../../../domain/offer/built-in-templates';
import type { FormulaTemplate } from '../../../domain/offer/formula-template';
import type { MarketValueFromComps } from '../../../domain/offer/offer-receipt-lines';
import type { RepairItem } from '../../../domain/repairs/repair-catalog';
import { notify } from '../../components/notify';
import type { CalculatorSlots } from './calculator-slots';
import { calculatorReducer, initialCalculatorState } from './calculator-state';
import { FormulaTemplatesDialog } from './formula-templates-dialog';
import {
  calculatorStateFromDraft,
  forgetCalculationDraft,
  readCalculationDraft,
  type CalculationDraft,
} from './calculation-draft';
import { calculatorStateFromOfferLink } from './offer-link-prefill';
import { OfferResult, preloadNetSheet } from './offer-result';
import { PropertyDetails } from './property-details';
import { RepairEstimateEditor, RepairModeSwitch } from './repair-estimate-editor';
import { RepairsChecklist } from './repairs-checklist';
import { useCalculatorReferenceData } from './use-calculator-reference-data';
import { isUserType, type UserType } from './user-type';
import { UserTypeToggle } from './user-type-toggle';

/** A page's own heading and lead above the calculator (a wholesaler's personal page). */
export interface CalculatorIntro {
  title: string;
  lead: string;
}

interface CalculatorPageProps {
  slots: CalculatorSlots;
  /** Only the homeowner's calculator, without the user type switch (a wholesaler's personal page). */
  homeownerOnly?: boolean;
  intro?: CalculatorIntro;
}

const publicIntro: CalculatorIntro = {
  title: 'Calculate Your Cash Offer',
  lead: 'See your cash offer range instantly, before giving any contact information. No obligation, no sign-up.',
};

/** The calculator at '/'; the app supplies what other features add to it (`slots`). */
export function CalculatorPage({ slots, homeownerOnly = false, intro = publicIntro }: CalculatorPageProps) {
  const { data, isLoading } = useCalculatorReferenceData();
  // A calculation kept through sign-in ('Sign In to Save') comes back once.
  const [draft] = useState(readCalculationDraft);
  useEffect(forgetCalculationDraft, []);
  const userType = useUserTypeFromNavigation(draft?.userType);

  if (isLoading || !data) {
    return (
      <section className="page" aria-busy="true">
        <p className="loading" role="status">
          Loading calculator...
        </p>
      </section>
    );
  }
  return (
    <Calculator
      userType={homeownerOnly ? 'homeowner' : userType.value}
      onUserTypeChange={homeownerOnly ? undefined : userType.set}
      intro={intro}
      templates={data.templates}
      repairCatalog={data.repairCatalog}
      draft={draft}
      slots={slots}
    />
  );
}

/** The user type may arrive in navigation state (a link to the calculator as a wholesaler); it is applied once, then cleared (§2). */
function useUserTypeFromNavigation(fallback: UserType = 'homeowner') {
  const location = useLocation();
  const navigate = useNavigate();
  const requested: unknown = (location.state as { userType?: unknown } | null)?.userType;
  const [value, set] = useState<UserType>(isUserType(requested) ? requested : fallback);
  const [appliedNavigation, setAppliedNavigation] = useState(location.key);

  // Adjusting state while rendering (not in an effect) avoids a render with the old type.
  if (isUserType(requested) && location.key !== appliedNavigation) {
    setAppliedNavigation(location.key);
    set(requested);
  }

  const { pathname, search } = location;
  useEffect(() => {
    // Replace this history entry with the same URL and no state ('.' would add '?index').
    if (isUserType(requested)) void navigate({ pathname, search }, { replace: true, state: null });
  }, [requested, navigate, pathname, search]);

  return { value, set };
}

interface CalculatorProps {
  userType: UserType;
  /** Without it the visitor cannot switch user type. */
  onUserTypeChange: ((userType: UserType) => void) | undefined;
  intro: CalculatorIntro;
  templates: readonly FormulaTemplate[];
  repairCatalog: readonly RepairItem[];
  draft: CalculationDraft | null;
  slots: CalculatorSlots;
}

function Calculator({ userType, onUserTypeChange, intro, templates, repairCatalog, draft, slots }: CalculatorProps) {
  const startingTemplate = templates.find((template) => template.name === defaultTemplate.name) ?? defaultTemplate;
  const { search } = useLocation();
  // An offer e-mail sent before offer pages existed links here with its offer in the query: it opens prefilled.
  const [state, dispatch] = useReducer(
    calculatorReducer,
    undefined,
    () =>
      (draft && calculatorStateFromDraft(draft, repairCatalog, templates)) ??
      calculatorStateFromOfferLink(search, repairCatalog, templates, startingTemplate) ??
      initialCalculatorState(repairCatalog, startingTemplate),
  );
  const [templatesOpen, setTemplatesOpen] = useState(false);
  // The ARV last put in the market value by "Use this ARV"; the receipt names it while it is the offer's market value.
  const [arvUsed, setArvUsed] = useState<{ arv: number; source: MarketValueFromComps } | null>(null);

  const isWholesaler = userType === 'wholesaler';
  const marketValueFromComps =
    arvUsed && isWholesaler && state.offer?.input.marketValue === arvUsed.arv ? arvUsed.source : undefined;
  // Estimates other than the checklist are a wholesaler's tool: a homeowner's offer uses the checklist.
  const usesEstimate = state.repairMode !== 'checklist';
  useEffect(() => {
    if (!isWholesaler && usesEstimate) dispatch({ type: 'setRepairMode', mode: 'checklist' });
  }, [isWholesaler, usesEstimate]);

  return (
    <div className="calculator">
      <section className="hero" aria-labelledby="calculator-title">
        <h1 id="calculator-title">{intro.title}</h1>
        <p className="hero-lead">{intro.lead}</p>
        {onUserTypeChange && <UserTypeToggle value={userType} onChange={onUserTypeChange} />}
      </section>

      <div className="calculator-grid">
        <form
          className="calculator-form"
          noValidate
          aria-label="Property and repairs"
          onChange={() => {
            slots.preloadOfferActions(userType);
            if (userType === 'homeowner') preloadNetSheet();
          }}
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
          <GetCashOfferButton />
        </form>

        <aside className="calculator-aside">
          {isWholesaler && (
            <div className="card wholesaler-tools">
              <div>
                <h2 className="card-title">Formula</h2>
                <p className="muted">
                  Using <strong>{state.template.name}</strong>
                </p>
              </div>
              <div className="wholesaler-tools-buttons">
                <button type="button" className="button button-secondary" onClick={() => setTemplatesOpen(true)}>
                  Formula Settings
                </button>
                <slots.WholesalerTools template={state.template} />
              </div>
            </div>
          )}
          <OfferResult
            offer={state.offer}
            userType={userType}
            templateName={state.template.name}
            OfferActions={slots.OfferActions}
            marketValueFromComps={marketValueFromComps}
          />
        </aside>
      </div>

      {isWholesaler && slots.ArvComps && (
        <Suspense fallback={null}>
          <slots.ArvComps
            address={state.address}
            onUseArv={(arv, source) => {
              setArvUsed({ arv, source });
              dispatch({ type: 'setMarketValue', text: String(arv) });
              dispatch({ type: 'calculate' });
            }}
          />
        </Suspense>
      )}

      <FormulaTemplatesDialog
        open={templatesOpen}
        MoreTemplates={slots.MoreTemplates}
        templates={templates}
        selectedName={state.template.name}
        onClose={() => setTemplatesOpen(false)}
        onSelect={(template) => {
          dispatch({ type: 'selectTemplate', template });
          setTemplatesOpen(false);
          notify.success(`${template.name} template selected`);
        }}
      />
    </div>
  );
}

/**
 * Disabled until the page's code runs (a page drawn by the server): a native submission would reload
 * the page and lose what was typed. A component of its own, so that hydration's end redraws the
 * button alone, not the calculator (useHydrated's change is a synchronous render).
 */
function GetCashOfferButton() {
  const hydrated = useHydrated();
  return (
    <button type="submit" className="button button-primary button-large button-block" disabled={!hydrated}>
      Get Cash Offer
    </button>
  );
}
