import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormulaTemplate } from '#domain/offer/formula-template.ts';
import { api, readJson } from '#web/api/api-client.ts';

export const customTemplatesKey = ['custom-templates'] as const;

export type CustomTemplate = Awaited<ReturnType<typeof fetchCustomTemplates>>[number];

async function fetchCustomTemplates() {
  return (await readJson(api['custom-templates'].$get())).templates;
}

/** The signed-in user's own templates; only fetched when `enabled`. */
export function useCustomTemplates(enabled: boolean) {
  return useQuery({ queryKey: customTemplatesKey, queryFn: fetchCustomTemplates, enabled });
}

/** Create (no id) or edit (with id) a template; the list refreshes after. */
export function useSaveCustomTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, template }: { id?: string; template: FormulaTemplate }) =>
      (
        await readJson(
          id
            ? api['custom-templates'][':id'].$put({ param: { id }, json: template })
            : api['custom-templates'].$post({ json: template }),
        )
      ).template,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customTemplatesKey }),
  });
}

export function useDeleteCustomTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => readJson(api['custom-templates'][':id'].$delete({ param: { id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customTemplatesKey }),
  });
}
