import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { builtInTemplates } from '#domain/offer/built-in-templates.ts';
import type { FormulaTemplate } from '#domain/offer/formula-template.ts';
import { defaultRepairCatalog } from '#domain/repairs/repair-catalog.ts';
import type { RepairItem } from '#domain/repairs/repair-catalog.ts';
import { api, readJson, type ApiClient } from '#web/api/api-client.ts';
import { notify } from '#web/components/notify.ts';

interface CalculatorReferenceData {
  templates: readonly FormulaTemplate[];
  repairCatalog: readonly RepairItem[];
}

async function fetchReferenceData(client: ApiClient): Promise<CalculatorReferenceData> {
  const [{ templates }, { repairs }] = await Promise.all([
    readJson(client.calculator.templates.$get()),
    readJson(client.calculator.repairs.$get()),
  ]);
  return {
    templates,
    repairCatalog: repairs.map((repair) => ({
      ...repair,
      cost: repair.minCost,
      isSelected: false,
      customAmount: false,
    })),
  };
}

/** The calculator's query; the server renders the calculator with it and sends it along (render-page.tsx). */
export function calculatorReferenceDataQuery(client: ApiClient = api) {
  return queryOptions({
    queryKey: ['calculator-reference-data'],
    queryFn: () => fetchReferenceData(client),
    staleTime: Infinity,
  });
}

/**
 * Templates and repair catalog from the server. §7: on error the built-in ones are used,
 * so the calculator always works.
 */
export function useCalculatorReferenceData() {
  const query = useQuery(calculatorReferenceDataQuery());

  useEffect(() => {
    if (query.isError) notify.error('Error initializing calculator');
  }, [query.isError]);

  const data: CalculatorReferenceData | undefined = query.isError
    ? { templates: builtInTemplates, repairCatalog: defaultRepairCatalog }
    : query.data;
  return { data, isLoading: query.isPending };
}
