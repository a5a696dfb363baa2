import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router';
import { formatMoney } from '#domain/money/format-money.ts';
import type { FormulaTemplate } from '#domain/offer/formula-template.ts';
import { canManageCustomTemplates } from '#domain/plans/plans.ts';
import { ApiError } from '#web/api/api-client.ts';
import { useSession } from '#web/api/use-session.ts';
import { useSubscription } from '#web/api/use-subscription.ts';
import { useMay } from '#web/api/use-workspace.ts';
import { notify } from '#web/components/notify.ts';
import { CustomTemplateForm } from './custom-template-form';
import { useCustomTemplates, useDeleteCustomTemplate, type CustomTemplate } from './custom-templates-api';

interface CustomTemplatesSectionProps {
  selectedName: string;
  onSelect: (template: FormulaTemplate) => void;
}

/**
 * 'Your templates' in Formula Templates: a signed-in user's own templates to pick; a Pro user
 * also creates, edits and deletes them, when their role manages the workspace (issue 26: others see
 * no such controls). Those not on Pro are told it comes with Pro.
 */
export function CustomTemplatesSection({ selectedName, onSelect }: CustomTemplatesSectionProps) {
  const { user } = useSession();
  const subscription = useSubscription(Boolean(user));
  const templates = useCustomTemplates(Boolean(user));
  const [form, setForm] = useState<{ editing?: CustomTemplate } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const roleManages = useMay()('manage-workspace');
  if (!user) return null;

  const planManages = subscription.data ? canManageCustomTemplates(subscription.data.plan) : false;
  const canManage = planManages && roleManages;
  if (form) {
    return (
      <CustomTemplateForm
        editing={form.editing}
        onCancel={() => setForm(null)}
        onSaved={(saved) => {
          setForm(null);
          // A saved template in use is applied again with its new figures.
          if (!form.editing || form.editing.name === selectedName) onSelect(saved);
        }}
      />
    );
  }
  return (
    <section className="custom-templates" aria-labelledby="custom-templates-title">
      <h3 id="custom-templates-title" ref={headingRef} tabIndex={-1}>
        Your templates
      </h3>
      {templates.isPending && (
        <p className="muted" role="status">
          Loading your templates...
        </p>
      )}
      {templates.isError && <p role="alert">Your templates could not be loaded.</p>}
      {templates.data?.length === 0 && <p className="muted">No templates of your own yet.</p>}
      {templates.data && templates.data.length > 0 && (
        <ul className="template-list">
          {templates.data.map((template) => (
            <CustomTemplateItem
              key={template.id}
              template={template}
              selected={template.name === selectedName}
              canManage={canManage}
              onSelect={() => onSelect(template)}
              onEdit={() => setForm({ editing: template })}
              // The deleted template's buttons go with it: the focus moves to the list's heading.
              onDeleted={() => headingRef.current?.focus()}
            />
          ))}
        </ul>
      )}
      {canManage ? (
        <button type="button" className="button button-secondary" onClick={() => setForm({})}>
          New template
        </button>
      ) : (
        subscription.data &&
        !planManages && (
          <p className="muted">
            Saving templates of your own, with holding, selling and financing costs, comes with the Pro plan.{' '}
            <Link to="/wholesalers#pricing">See plans</Link>
          </p>
        )
      )}
    </section>
  );
}

interface CustomTemplateItemProps {
  template: CustomTemplate;
  selected: boolean;
  canManage: boolean;
  onSelect: () => void;
  onEdit: () => void;
  onDeleted: () => void;
}

function CustomTemplateItem({ template, selected, canManage, onSelect, onEdit, onDeleted }: CustomTemplateItemProps) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteCustomTemplate();
  const deleteButton = useRef<HTMLButtonElement>(null);
  // Back from the question, the focus returns to the Delete button that asked it.
  const stopConfirming = () => {
    flushSync(() => setConfirming(false));
    deleteButton.current?.focus();
  };
  return (
    <li className={selected ? 'template template-selected' : 'template'}>
      <div>
        <h4>{template.name}</h4>
        {template.description && <p className="muted">{template.description}</p>}
        <p className="template-figures">
          {Math.round(template.arvMultiplier * 100)}% of value · repairs ×{template.repairMultiplier} · profit{' '}
          {formatMoney(template.minProfit)}–{formatMoney(template.maxProfit)}
        </p>
      </div>
      <div className="template-buttons">
        <button
          type="button"
          className={selected ? 'button button-secondary' : 'button button-primary'}
          aria-label={`Select ${template.name}`}
          aria-pressed={selected}
          onClick={onSelect}
        >
          {selected ? 'Selected' : 'Select'}
        </button>
        {canManage && !confirming && (
          <>
            <button
              type="button"
              className="button button-secondary"
              aria-label={`Edit ${template.name}`}
              onClick={onEdit}
            >
              Edit
            </button>
            <button
              ref={deleteButton}
              type="button"
              className="button button-secondary"
              aria-label={`Delete ${template.name}`}
              onClick={() => setConfirming(true)}
            >
              Delete
            </button>
          </>
        )}
        {confirming && (
          <div role="group" aria-label={`Delete ${template.name}?`} className="template-confirm">
            <span>Delete {template.name}?</span>
            <button
              type="button"
              className="button button-danger"
              // Not `disabled` while deleting: that would take the focus from the button just pressed.
              aria-disabled={remove.isPending}
              onClick={() => {
                if (remove.isPending) return;
                remove.mutate(template.id, {
                  onSuccess: () => {
                    onDeleted();
                    notify.success(`${template.name} template deleted`);
                  },
                  onError: (error) => {
                    stopConfirming();
                    notify.error(error instanceof ApiError ? error.message : 'Failed to delete the template.');
                  },
                });
              }}
            >
              Delete
            </button>
            {/* The question's safe answer takes the focus, so a second Enter does not delete. */}
            <button type="button" className="button button-secondary" autoFocus onClick={stopConfirming}>
              Keep
            </button>
          </div>
        )}
      </div>
    </li>
  );
}
