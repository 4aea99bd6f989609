/**
 * 'Add a file to this report' (issue 21): a group's census often comes as several files (employees
 * and dependents, one sheet per location); the API adds a file to a case, and this button lets a
 * broker do it in the browser. The file is checked as the census tool checks it (type and size),
 * uploaded with the case id, and the report reloads with every file read together.
 */
import { useId, useRef } from 'react';
import { CENSUS_UPLOAD } from '../../shared/constants';
import { MESSAGES } from '../../shared/messages';
import { Spinner } from '../internal/form';
import { ADD_FILE_TEXT, type CensusReportActions, type CensusReportDeps, type CensusReportState } from './store';

export const ADD_FILE_LABELS = {
  button: 'Add a file to this report',
  hint: 'Another file of the same group, such as the dependents list: every file is read together.',
} as const;

const isCensusFile = (name: string) =>
  [...CENSUS_UPLOAD.extensions, ...CENSUS_UPLOAD.textExtensions, ...CENSUS_UPLOAD.documentExtensions].some((ext) => name.toLowerCase().endsWith(ext));

export function AddFile({ state, deps, disabled }: { state: CensusReportState & CensusReportActions; deps: CensusReportDeps; disabled: boolean }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const busy = state.adding !== null;
  const onPicked = () => {
    const el = input.current;
    const file = el?.files?.[0];
    if (el) el.value = ''; // the same file again must fire change again
    if (!file) return;
    // The same checks as the census tool, said beside the button instead of a request.
    if (!isCensusFile(file.name)) return void state.failAdd(MESSAGES.census.unsupportedTypeWithDocuments);
    if (file.size > CENSUS_UPLOAD.maxBytes) return void state.failAdd(MESSAGES.census.tooLarge);
    void state.addFile(file, deps);
  };
  const result = state.addResult;
  return (
    <div className="add-file" part="add-file">
      <button type="button" className="button secondary" part="button add-file-button" disabled={disabled || busy} aria-busy={busy || undefined} aria-describedby={`${id}-hint`} onClick={() => input.current?.click()}>
        {busy ? <Spinner /> : null}
        {ADD_FILE_LABELS.button}
      </button>
      <input ref={input} type="file" accept={CENSUS_UPLOAD.accept} hidden tabIndex={-1} onChange={onPicked} />
      <p className="hint" id={`${id}-hint`}>
        {ADD_FILE_LABELS.hint}
      </p>
      <p className={result && !result.ok ? 'add-result error' : 'add-result'} part="add-file-status" role="status">
        {busy ? ADD_FILE_TEXT.adding(state.adding!) : (result?.message ?? '')}
      </p>
    </div>
  );
}
