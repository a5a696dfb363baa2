import { Suspense, useEffect, useReducer, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { marketValueFromCompsOf } from '#domain/arv/market-value-from-comps.ts';
import { arvCompsOf } from '#domain/arv/market-value-source.ts';
import { formatMoney, formatMoneyRange } from '#domain/money/format-money.ts';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import type { FormulaTemplate } from '#domain/offer/formula-template.ts';
import type { RepairItem } from '#domain/repairs/repair-catalog.ts';
import { USER_TYPE_PARAM } from '#web/components/calculator-path.ts';
import { notify } from '#web/components/notify.ts';
import {
  calculatorStateFromDraft,
  forgetCalculationDraft,
  readCalculationDraft,
  type CalculationDraft,
} from './calculation-draft';
import { CalculatorForm } from './calculator-form';
import type { CalculatorSlots } from './calculator-slots';
import { calculatorReducer, initialCalculatorState } from './calculator-state';
import { FormulaTemplatesDialog } from './formula-templates-dialog';
import { calculatorStateFromOfferLink } from './offer-link-prefill';
import { OfferResult, preloadNetSheet } from './offer-result';
import { calculatorStateFromDeal, type OpenedDeal, type OpenedDealVersion } from './opened-deal';
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
  /**
   * A deal opened in the calculator (a saved property or a lead: issue 42 §4): 'loading' while it is
   * read, then the deal, or null when none was asked for or it could not be read.
   */
  opened?: OpenedDeal | 'loading' | null;
  /** Only the homeowner's calculator, without the user type switch (a wholesaler's personal page). */
  homeownerOnly?: boolean;
  intro?: CalculatorIntro;
  /** The type the calculator opens in when neither the navigation nor a kept calculation names one. */
  defaultUserType?: UserType;
}

const publicIntro: CalculatorIntro = {
  title: 'Calculate Your Cash Offer',
  lead: 'See your cash offer range instantly, before giving any contact information. No obligation, no sign-up.',
};

/** The calculator at '/'; the app supplies what other features add to it (`slots`). */
export function CalculatorPage({
  slots,
  homeownerOnly = false,
  intro = publicIntro,
  defaultUserType = 'homeowner',
  opened = null,
}: CalculatorPageProps) {
  const { data, isLoading } = useCalculatorReferenceData();
  // A calculation kept through sign-in ('Sign In to Save') comes back once.
  const [draft] = useState(readCalculationDraft);
  useEffect(forgetCalculationDraft, []);
  const userType = useUserTypeFromNavigation(opened ? 'wholesaler' : (draft?.userType ?? defaultUserType));

  if (isLoading || !data || opened === 'loading') {
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
      opened={opened}
      // A deal opened later (another saved property, a lead) starts its own calculation.
      key={opened ? `${opened.savedPropertyId ?? 'lead'}:${opened.address}` : 'new'}
      slots={slots}
    />
  );
}

/**
 * The user type may arrive in navigation state (the navigation's Calculator link) or in the address
 * (`?as=wholesaler`: Try Calculator, a link that works before the page's code has run, and that the
 * server draws the calculator for); it is applied once, then cleared from both (§2). Otherwise the
 * calculator opens in `fallback`, and follows it (a session that becomes known, a sign-out) until
 * the visitor or a navigation chooses a type.
 */
function useUserTypeFromNavigation(fallback: UserType) {
  const location = useLocation();
  const navigate = useNavigate();
  const { pathname, search } = location;
  const fromState: unknown = (location.state as { userType?: unknown } | null)?.userType;
  const requested: unknown = fromState ?? new URLSearchParams(search).get(USER_TYPE_PARAM);
  const [value, setValue] = useState<UserType>(isUserType(requested) ? requested : fallback);
  const [chosen, setChosen] = useState(isUserType(requested));
  const [appliedNavigation, setAppliedNavigation] = useState(location.key);
  const [appliedFallback, setAppliedFallback] = useState(fallback);

  // Adjusting state while rendering (not in an effect) avoids a render with the old type.
  if (isUserType(requested) && location.key !== appliedNavigation) {
    setAppliedNavigation(location.key);
    setChosen(true);
    setValue(requested);
  } else if (!chosen && fallback !== appliedFallback) {
    setAppliedFallback(fallback);
    setValue(fallback);
  }
  const set = (userType: UserType) => {
    setChosen(true);
    setValue(userType);
  };

  useEffect(() => {
    if (!isUserType(requested)) return;
    const params = new URLSearchParams(search);
    params.delete(USER_TYPE_PARAM);
    const rest = params.toString();
    // Replace this history entry with the same URL, less the type, and no state ('.' would add '?index').
    void navigate({ pathname, search: rest ? `?${rest}` : '' }, { replace: true, state: null });
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
  opened: OpenedDeal | null;
  slots: CalculatorSlots;
}

function Calculator({
  userType,
  onUserTypeChange,
  intro,
  templates,
  repairCatalog,
  draft,
  opened,
  slots,
}: CalculatorProps) {
  const startingTemplate = templates.find((template) => template.name === defaultTemplate.name) ?? defaultTemplate;
  const { search } = useLocation();
  // An offer e-mail sent before offer pages existed links here with its offer in the query: it opens prefilled.
  const [state, dispatch] = useReducer(
    calculatorReducer,
    undefined,
    () =>
      (opened && calculatorStateFromDeal(opened, repairCatalog, templates, startingTemplate)) ??
      (draft && calculatorStateFromDraft(draft, repairCatalog, templates)) ??
      calculatorStateFromOfferLink(search, repairCatalog, templates, startingTemplate) ??
      initialCalculatorState(repairCatalog, startingTemplate),
  );
  const [templatesOpen, setTemplatesOpen] = useState(false);

  const isWholesaler = userType === 'wholesaler';
  // The receipt names the comps when the offer's market value is the ARV from them.
  const marketValueFromComps = isWholesaler ? marketValueFromCompsOf(state.offer?.marketValueSource) : undefined;
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
        {opened && (
          <p className="opened-deal-note" role="status">
            {opened.savedPropertyId
              ? `Editing the saved analysis of ${opened.address}: saving keeps the earlier version.`
              : `Working the lead's property at ${opened.address}.`}
          </p>
        )}
        {onUserTypeChange && <UserTypeToggle value={userType} onChange={onUserTypeChange} />}
      </section>

      <div className="calculator-grid">
        <CalculatorForm
          state={state}
          dispatch={dispatch}
          isWholesaler={isWholesaler}
          onInput={() => {
            slots.preloadOfferActions(userType);
            if (userType === 'homeowner') preloadNetSheet();
          }}
          beforeSubmit={
            isWholesaler &&
            slots.ArvComps && (
              <Suspense fallback={null}>
                <slots.ArvComps
                  address={state.address}
                  arvInUse={arvCompsOf(state.marketValueSource)?.estimate.arv ?? null}
                  onUseArv={(arvComps) => dispatch({ type: 'useArv', arvComps })}
                />
              </Suspense>
            )
          }
        />

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
            opened={opened}
            marketValueFromComps={marketValueFromComps}
            homeownerView={slots.homeownerView}
          />
          {opened && opened.versions.length > 0 && <EarlierVersions versions={opened.versions} />}
        </aside>
      </div>

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

/** A saved property's earlier versions (issue 42 §4), newest first: when each was replaced and its figures. */
function EarlierVersions({ versions }: { versions: OpenedDealVersion[] }) {
  return (
    <section className="card opened-deal-versions" aria-labelledby="opened-deal-versions-title">
      <h2 id="opened-deal-versions-title" className="card-title">
        Earlier versions
      </h2>
      <ol>
        {versions.map((version) => (
          <li key={version.id}>
            <time dateTime={version.replacedAt}>{new Date(version.replacedAt).toLocaleString('en-US')}</time>: market
            value {formatMoney(version.marketValue)}, repairs {formatMoney(version.totalRepairCost)}, offer{' '}
            {formatMoneyRange(version.offerRange)}
          </li>
        ))}
      </ol>
    </section>
  );
}
