import { useState } from 'react';
import { checkCsvFile } from '#domain/bulk-import/check-csv-file.ts';
import {
  buyerListFieldLabels,
  type BuyerColumnMapping,
  type NeededBuyerListField,
} from '#domain/buyers/read-buyer-list.ts';
import { serverErrorMessage } from '#web/api/api-client.ts';
import { ColumnMappingStep, type ColumnMappingRequest } from '#web/components/column-mapping-step.tsx';
import { Modal } from '#web/components/modal.tsx';
import { useImportBuyers, type BuyerImportAnswer } from './buyers-api';

/** The largest buyers list read (the server's limit on the request carrying it). */
const MAX_BUYER_LIST_BYTES = 2 * 1024 * 1024 - 1024;

export const buyersImportMessages = {
  tooLarge: 'A buyers list must be smaller than 2 MB',
} as const;

type Step =
  | { step: 'upload'; error?: string }
  | { step: 'reading'; fileName: string }
  | { step: 'mapping'; fileName: string; csv: string; request: ColumnMappingRequest<NeededBuyerListField> }
  | { step: 'done'; fileName: string; result: Extract<BuyerImportAnswer, { outcome: 'ok' }> };

/** Import buyers from a CSV: pick a file, map the columns not recognised, then see what was added, updated and refused (and why). */
export function BuyersImportDialog({ onClose }: { onClose: () => void }) {
  const importBuyers = useImportBuyers();
  const [state, setState] = useState<Step>({ step: 'upload' });

  const send = async (fileName: string, csv: string, mapping: BuyerColumnMapping) => {
    setState({ step: 'reading', fileName });
    try {
      const answer = await importBuyers.mutateAsync({ csv, mapping });
      if (answer.outcome === 'needsMapping') {
        setState({ step: 'mapping', fileName, csv, request: answer });
      } else {
        setState({ step: 'done', fileName, result: answer });
      }
    } catch (error) {
      setState({
        step: 'upload',
        error: serverErrorMessage(error, 'We could not import this file. Please try again.'),
      });
    }
  };

  const onFile = async (file: File) => {
    const refused = checkCsvFile(file) ?? (file.size > MAX_BUYER_LIST_BYTES ? buyersImportMessages.tooLarge : null);
    if (refused) return setState({ step: 'upload', error: refused });
    await send(file.name, await file.text(), {});
  };

  return (
    <Modal title="Import buyers" open onClose={onClose} size="large">
      {state.step === 'upload' ? (
        <div className="buyers-import">
          <label className="button button-primary">
            Choose a CSV file
            <input
              className="visually-hidden"
              type="file"
              accept=".csv,text/csv"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) void onFile(file);
              }}
            />
          </label>
          {state.error && (
            <p className="field-error" role="alert">
              {state.error}
            </p>
          )}
          <ul className="buyers-import-rules">
            <li>A .csv file smaller than 2 MB, at most 5,000 rows, whose first row names the columns.</li>
            <li>Each buyer needs a name and an e-mail or a phone.</li>
            <li>
              Optional: company, areas (ZIP codes or cities), property types, lowest and highest price, maximum repairs,
              strategies (flip, rental), proof of funds amount and expiry, notes.
            </li>
            <li>
              Buyers already on your list (same e-mail) are updated, never added twice; opted-out buyers stay opted out.
            </li>
          </ul>
        </div>
      ) : state.step === 'reading' ? (
        <p className="loading" role="status">
          Importing {state.fileName}...
        </p>
      ) : state.step === 'mapping' ? (
        <ColumnMappingStep
          fileName={state.fileName}
          request={state.request}
          labels={buyerListFieldLabels}
          onApply={(mapping) => void send(state.fileName, state.csv, mapping)}
          onChooseAnother={() => setState({ step: 'upload' })}
        />
      ) : (
        <ImportResult fileName={state.fileName} result={state.result} onClose={onClose} />
      )}
    </Modal>
  );
}

function ImportResult({
  fileName,
  result,
  onClose,
}: {
  fileName: string;
  result: Extract<BuyerImportAnswer, { outcome: 'ok' }>;
  onClose: () => void;
}) {
  const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
  return (
    <div className="buyers-import-result">
      <p role="status">
        {fileName}: {count(result.added, 'buyer added', 'buyers added')},{' '}
        {count(result.updated, 'buyer updated', 'buyers updated')}
        {result.mergedRows > 0 && `, ${count(result.mergedRows, 'row merged', 'rows merged')} by e-mail`},{' '}
        {count(result.refused.length, 'row refused', 'rows refused')}.
      </p>
      {result.refused.length > 0 && (
        <table className="buyers-refused">
          <caption>Rows not imported, and why</caption>
          <thead>
            <tr>
              <th scope="col">Row</th>
              <th scope="col">Reason</th>
            </tr>
          </thead>
          <tbody>
            {result.refused.map((refusal) => (
              <tr key={refusal.row}>
                <td>{refusal.row}</td>
                <td>{refusal.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="modal-actions">
        <button type="button" className="button button-primary" onClick={onClose}>
          Done
        </button>
      </div>
    </div>
  );
}
