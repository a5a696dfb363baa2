import { useState, type DragEvent } from 'react';
import type { FormulaTemplate } from '#domain/offer/formula-template.ts';

/** The bulk import's first step: drop or browse for a CSV, with the file's requirements (and why the last one was refused). */
export function UploadStep({
  error,
  template,
  onFile,
}: {
  error?: string;
  template: FormulaTemplate;
  onFile: (file: File) => void;
}) {
  const [dragging, setDragging] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };
  return (
    <div className="bulk-upload">
      <div
        className={dragging ? 'bulk-dropzone bulk-dropzone-active' : 'bulk-dropzone'}
        data-testid="bulk-dropzone"
        onDragEnter={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragOver={(event) => event.preventDefault()}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <p className="bulk-dropzone-title">Drag and drop a CSV file here</p>
        <p className="muted">or</p>
        <label className="button button-primary">
          Browse files
          <input
            className="visually-hidden"
            type="file"
            accept=".csv,text/csv"
            aria-label="Choose a CSV file"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) onFile(file);
            }}
          />
        </label>
      </div>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <h3 className="bulk-requirements-title">File requirements</h3>
      <ul className="bulk-requirements">
        <li>A .csv file smaller than 50 MB, whose first row names the columns.</li>
        <li>
          An e-mail column named <code>Email</code>, <code>Email 2</code> or <code>email</code>.
        </li>
        <li>An address column (any column with “address” in its name) with a street number; PO boxes are skipped.</li>
        <li>
          A market value column: <code>Market Value</code>, <code>MarketValue</code>, <code>marketvalue</code> or{' '}
          <code>MARKET_VALUE</code> ($ signs and commas are fine).
        </li>
        <li>
          Optional: <code>First Name</code> and <code>Last Name</code>, or the whole name in <code>Name</code> or{' '}
          <code>Full Name</code>.
        </li>
      </ul>
      <p className="muted">
        Offers use the <strong>{template.name}</strong> formula. Rows that do not meet these rules are skipped and
        listed with the reason.
      </p>
    </div>
  );
}
