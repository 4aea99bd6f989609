/** The report's title and its controls: the processed-files choice, the export target and Export. */
import type { CensusTargetReadiness } from '../../shared/api/types';
import { Spinner } from '../internal/form';
import { H } from './heading';
import { KeepSsnControl, type KeepSsnProps } from './KeepSsn';
import { REPORT_LABELS } from './labels';
import { ALL_FILES } from './store';
import { TargetSelect } from './targets';

export interface ToolbarProps {
  id: string;
  titleLevel: number;
  files: string[];
  selected: string;
  onSelect(file: string): void;
  target: string;
  readiness: CensusTargetReadiness[] | null;
  /** The report's review is open (a ready target then reads 'needs your check'). */
  reviewNeeded: boolean;
  onTarget(target: string): void;
  loading: boolean;
  exporting: boolean;
  /** Absent: no export here (private mode, issue 29): the target list and Export are left out. */
  onExport?: () => void;
  /** 'Keep full SSNs for carrier files' under the target choice (absent: not offered, as on the sample). */
  keepSsn?: Omit<KeepSsnProps, 'id'>;
}

export function Toolbar({ id, titleLevel, files, selected, onSelect, target, readiness, reviewNeeded, onTarget, loading, exporting, onExport, keepSsn }: ToolbarProps) {
  const several = files.length > 1;
  return (
      <div className="toolbar" part="toolbar">
        <H level={titleLevel} className="title">
          {REPORT_LABELS.title}
        </H>
        <div className="controls">
          <label className="label" htmlFor={`${id}-files`}>
            {REPORT_LABELS.files}
          </label>
          <select
            id={`${id}-files`}
            className="input select"
            part="select"
            value={selected}
            disabled={!files.length}
            onChange={(e) => onSelect(e.currentTarget.value)}
          >
            {several ? <option value={ALL_FILES}>{REPORT_LABELS.allFiles}</option> : null}
            {files.map((f) => (
              <option key={f} value={f}>
                {f}
              </option>
            ))}
          </select>
          {onExport ? (
            <>
              <TargetSelect
                id={`${id}-target`}
                value={target}
                readiness={readiness}
                reviewNeeded={reviewNeeded}
                disabled={loading}
                onChange={onTarget}
              />
              <button
                type="button"
                className="button"
                part="button"
                disabled={loading || exporting}
                aria-busy={exporting || undefined}
                onClick={onExport}
              >
                {exporting ? <Spinner /> : null}
                {REPORT_LABELS.export}
              </button>
            </>
          ) : null}
          {keepSsn ? <KeepSsnControl id={id} {...keepSsn} /> : null}
        </div>
      </div>
  );
}
