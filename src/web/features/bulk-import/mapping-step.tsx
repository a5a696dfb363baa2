import { Fragment, useId, useState } from 'react';
import { type ColumnMapping, listFieldLabels } from '#domain/bulk-import/list-columns.ts';
import type { MappingRequest } from './csv-import-protocol';

export const mappingStepMessages = {
  intro:
    'Some columns this list needs have names we do not know. Pick each one once: this workspace remembers them for the next list.',
  choose: 'Choose a column',
  notInFile: 'Not in this file',
  optionalIntro: "The owner's mailing address, if this list has one (absent: offers are mailed to the property):",
  missing: (field: string) => `Choose the column that holds the ${field.toLowerCase()}`,
  sample: 'Sample',
  noSample: 'No sample value in the first rows',
} as const;

/**
 * The bulk import's mapping step (issue 41): a list whose address or market value column is not
 * recognised. Each needed field gets a select of the file's columns and the chosen column's first
 * values; then the file is read with them.
 */
export function MappingStep({
  fileName,
  request,
  onApply,
  onChooseAnother,
}: {
  fileName: string;
  request: MappingRequest;
  onApply: (mapping: ColumnMapping) => void;
  onChooseAnother: () => void;
}) {
  const id = useId();
  const [chosen, setChosen] = useState<Partial<Record<string, number>>>({});
  const [error, setError] = useState<string | null>(null);

  const samplesOf = (column: number) =>
    request.samples.map((row) => row[column]?.trim() ?? '').filter((value) => value !== '');

  const apply = () => {
    const missing = request.fields.find((field) => chosen[field] === undefined);
    if (missing) {
      setError(mappingStepMessages.missing(listFieldLabels[missing]));
      document.getElementById(`${id}-${missing}`)?.focus();
      return;
    }
    const mapping: ColumnMapping = {};
    for (const field of [...request.fields, ...request.optionalFields]) {
      const column = chosen[field];
      if (column !== undefined) mapping[field] = request.headers[column];
    }
    onApply(mapping);
  };

  return (
    <form
      className="bulk-mapping"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
    >
      <h3 id={`${id}-title`} className="bulk-mapping-title">
        Which columns of {fileName} hold these?
      </h3>
      <p className="muted">{mappingStepMessages.intro}</p>
      {[...request.fields, ...request.optionalFields].map((field, index) => {
        const column = chosen[field];
        const samples = column === undefined ? [] : samplesOf(column);
        const optional = index >= request.fields.length;
        return (
          <Fragment key={field}>
            {optional && index === request.fields.length && (
              <p className="muted">{mappingStepMessages.optionalIntro}</p>
            )}
            <div key={field} className="bulk-mapping-field">
              <label htmlFor={`${id}-${field}`}>{listFieldLabels[field]}</label>
              <select
                id={`${id}-${field}`}
                value={column ?? ''}
                aria-describedby={`${id}-${field}-sample`}
                onChange={(event) => {
                  setError(null);
                  setChosen((current) => ({
                    ...current,
                    [field]: event.target.value === '' ? undefined : Number(event.target.value),
                  }));
                }}
              >
                <option value="">{optional ? mappingStepMessages.notInFile : mappingStepMessages.choose}</option>
                {request.headers.map((header, index) => (
                  <option key={index} value={index}>
                    {header || `Column ${index + 1}`}
                  </option>
                ))}
              </select>
              <p id={`${id}-${field}-sample`} className="muted bulk-mapping-sample">
                {column === undefined
                  ? ''
                  : samples.length > 0
                    ? `${mappingStepMessages.sample}: ${samples.join(' · ')}`
                    : mappingStepMessages.noSample}
              </p>
            </div>
          </Fragment>
        );
      })}
      {error && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
      <div className="modal-actions bulk-actions">
        <button type="button" className="button button-secondary" onClick={onChooseAnother}>
          Choose another file
        </button>
        <button type="submit" className="button button-primary">
          Use these columns
        </button>
      </div>
    </form>
  );
}
