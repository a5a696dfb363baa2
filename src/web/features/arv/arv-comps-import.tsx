/** Comps from a CSV: a file, or text pasted and read on request. */
export function ArvCompsImport({
  id,
  csvText,
  onTypeCsv,
  onLoadCsv,
}: {
  id: string;
  csvText: string;
  onTypeCsv: (text: string) => void;
  onLoadCsv: (text: string) => void;
}) {
  return (
    <div className="arv-import">
      <div className="field">
        <label htmlFor={`${id}-file`}>Upload comps CSV</label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".csv,text/csv"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void file.text().then(onLoadCsv);
          }}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-paste`}>Or paste comps CSV</label>
        <textarea id={`${id}-paste`} rows={3} value={csvText} onChange={(event) => onTypeCsv(event.target.value)} />
        <button
          type="button"
          className="button button-secondary"
          onClick={() => onLoadCsv(csvText)}
          disabled={!csvText.trim()}
        >
          Read pasted comps
        </button>
      </div>
    </div>
  );
}
