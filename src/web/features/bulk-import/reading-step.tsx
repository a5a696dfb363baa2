/** The bulk import while the file is read in the worker: how far it has got, and Cancel. */
export function ReadingStep({
  fileName,
  progress,
  onCancel,
}: {
  fileName: string;
  progress: number;
  onCancel: () => void;
}) {
  return (
    <div className="bulk-reading">
      <p id="bulk-reading-label">
        Reading <strong>{fileName}</strong>… {Math.round(progress * 100)}%
      </p>
      <progress className="bulk-progress" max={1} value={progress} aria-labelledby="bulk-reading-label" />
      <div className="modal-actions">
        <button type="button" className="button button-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
