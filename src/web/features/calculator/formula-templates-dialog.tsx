import { Suspense } from 'react';
import { formatMoney } from '#domain/money/format-money.ts';
import type { FormulaTemplate } from '#domain/offer/formula-template.ts';
import { Modal } from '#web/components/modal.tsx';
import type { CalculatorSlots } from './calculator-slots';

interface FormulaTemplatesDialogProps {
  open: boolean;
  MoreTemplates: CalculatorSlots['MoreTemplates'];
  templates: readonly FormulaTemplate[];
  selectedName: string;
  onSelect: (template: FormulaTemplate) => void;
  onClose: () => void;
}

/** §2 'Formula Templates': a list with Select and Close. */
export function FormulaTemplatesDialog({
  open,
  MoreTemplates,
  templates,
  selectedName,
  onSelect,
  onClose,
}: FormulaTemplatesDialogProps) {
  return (
    <Modal
      title="Formula Templates"
      open={open}
      onClose={onClose}
      size="large"
      footer={
        <button type="button" className="button button-secondary" onClick={onClose}>
          Close
        </button>
      }
    >
      <ul className="template-list">
        {templates.map((template) => {
          const selected = template.name === selectedName;
          return (
            <li key={template.name} className={selected ? 'template template-selected' : 'template'}>
              <div>
                <h3>{template.name}</h3>
                <p className="muted">{template.description}</p>
                <p className="template-figures">
                  {Math.round(template.arvMultiplier * 100)}% of value · repairs ×{template.repairMultiplier} · profit{' '}
                  {formatMoney(template.minProfit)}–{formatMoney(template.maxProfit)}
                </p>
              </div>
              <button
                type="button"
                className={selected ? 'button button-secondary' : 'button button-primary'}
                aria-label={`Select ${template.name}`}
                aria-pressed={selected}
                onClick={() => onSelect(template)}
              >
                {selected ? 'Selected' : 'Select'}
              </button>
            </li>
          );
        })}
      </ul>
      <Suspense fallback={<p className="muted">Loading...</p>}>
        <MoreTemplates selectedName={selectedName} onSelect={onSelect} />
      </Suspense>
    </Modal>
  );
}
