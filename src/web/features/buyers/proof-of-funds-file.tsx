import { useRef, useState, type ChangeEvent } from 'react';
import {
  chosenProofOfFundsProblem,
  isProofOfFundsContentType,
  type ProofOfFundsContentType,
} from '#domain/buyers/proof-of-funds-rules.ts';
import { serverErrorMessage } from '#web/api/api-client.ts';
import { proofOfFundsUrl, useRemoveProofOfFunds } from './buyers-api';

const typeLabels: Record<ProofOfFundsContentType, string> = {
  'application/pdf': 'a PDF',
  'image/jpeg': 'a JPEG image',
  'image/png': 'a PNG image',
  'image/webp': 'a WebP image',
};

interface ProofOfFundsFileProps {
  /** The buyer being edited (null: a new one, whose file is uploaded once they are added). */
  buyer: { id: string; name: string; proofOfFundsFileType: string | null } | null;
  /** The file chosen, uploaded when the form is saved. */
  chosen: File | null;
  onChoose: (file: File | null) => void;
}

/**
 * The buyer form's proof-of-funds file: the one on record (a download, and Remove), and a picker
 * for a new one, sent when the form is saved. The browser checks type and size for instant
 * feedback; the server checks them again by content.
 */
export function ProofOfFundsFile({ buyer, chosen, onChoose }: ProofOfFundsFileProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const remove = useRemoveProofOfFunds();
  const [onRecord, setOnRecord] = useState(buyer?.proofOfFundsFileType ?? null);
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0] ?? null;
    setStatus('');
    const problem = file === null ? '' : (chosenProofOfFundsProblem(file) ?? '');
    setError(problem);
    if (problem) event.currentTarget.value = '';
    onChoose(problem ? null : file);
  }

  async function onRemove() {
    if (!buyer) return;
    try {
      await remove.mutateAsync(buyer.id);
      setOnRecord(null);
      setError('');
      setStatus('The proof-of-funds file was removed.');
    } catch (failure) {
      setError(serverErrorMessage(failure, 'The file could not be removed. Please try again.'));
    }
    // Its buttons are gone: the focus goes to the picker, not to the page's start.
    inputRef.current?.focus();
  }

  const described = ['buyer-pof-file-hint', error ? 'buyer-pof-file-error' : ''].filter(Boolean).join(' ');
  return (
    <div className="buyer-pof-file">
      {buyer && onRecord && (
        <p className="buyer-pof-on-record">
          <span>File on record: {isProofOfFundsContentType(onRecord) ? typeLabels[onRecord] : 'a file'}.</span>{' '}
          <a href={proofOfFundsUrl(buyer.id)} download>
            Download proof of funds<span className="visually-hidden"> of {buyer.name}</span>
          </a>{' '}
          <button
            type="button"
            className="button button-secondary button-small"
            disabled={remove.isPending}
            onClick={() => void onRemove()}
          >
            Remove file<span className="visually-hidden"> of {buyer.name}</span>
          </button>
        </p>
      )}
      <div className="field">
        <label htmlFor="buyer-pof-file">
          {buyer && onRecord ? 'Replace the file' : 'Proof-of-funds file (optional)'}
        </label>
        <input
          ref={inputRef}
          id="buyer-pof-file"
          type="file"
          accept="application/pdf,image/jpeg,image/png,image/webp"
          aria-describedby={described}
          aria-invalid={error ? true : undefined}
          onChange={onChange}
        />
        <p id="buyer-pof-file-hint" className="field-hint">
          A PDF, JPEG, PNG or WebP, up to 10 MB, kept for your workspace only.{' '}
          {chosen ? `${chosen.name} is sent when you save.` : ''}
        </p>
        {error && (
          <p id="buyer-pof-file-error" className="field-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <p role="status" className="buyer-pof-status">
        {status}
      </p>
    </div>
  );
}
