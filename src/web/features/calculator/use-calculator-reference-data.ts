import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { builtInTemplates } from '../../../domain/offer/built-in-templates';
import type { FormulaTemplate } from '../../../domain/offer/formula-template';
import { defaultRepairCatalog } from '../../../domain/repairs/repair-catalog';
import type { RepairItem } from '../../../domain/repairs/repair-catalog';
import { api, readJson } from '../../api/api-client';
import { notify } from '../../components/notify';

interface CalculatorReferenceData {
  templates: readonly FormulaTemplate[];
  repairCatalog: readonly RepairItem[];
}

async function fetchReferenceData(): Promise<CalculatorReferenceData> {
  const [{ templates }, { repairs }] = await Promise.all([
    readJson(api.calculator.templates.$get()),
    readJson(api.calculator.repairs.$get()),
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

/**
 * Templates and repair catalog from the server. §7: on error the built-in ones are used,
 * so the calculator always works.
 */
export function useCalculatorReferenceData() {
  const query = useQuery({ queryKey: ['calculator-reference-data'], queryFn: fetchReferenceData, staleTime: Infinity });

  useEffect(() => {
    if (query.isError) notify.error('Error initializing calculator');
  }, [query.isError]);

  const data: CalculatorReferenceData | undefined = query.isError
    ? { templates: builtInTemplates, repairCatalog: defaultRepairCatalog }
    : query.data;
  return { data, isLoading: query.isPending };
}
