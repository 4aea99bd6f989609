/**
 * The export target choice beside Export (issue 22): each target with a ready / 'N things to fix'
 * mark, and for a target that is not ready, its list before the download with 'Download anyway' and
 * 'Ask the employer for what is missing' (a prepared e-mail of counts and fields, never a person's
 * data). Readiness comes from the API (GET /main/case?reportType=readiness).
 */
import { useLayoutEffect, useRef } from 'react';
import type { CensusTargetReadiness } from '../../shared/api/types';
import { Spinner } from '../internal/form';

export const TARGET_LABELS = {
  choose: 'Export as',
  ready: 'ready',
  /** Ready, but the report asks for a check of its reading first. */
  check: 'needs your check',
  checking: 'checking...',
  toFix: (n: number) => (n === 1 ? '1 thing to fix' : `${n} things to fix`),
  listTitle: (n: number, name: string) => `${n === 1 ? '1 thing' : `${n} things`} to fix for the ${name}`,
  /** A ready target's advisories, shown before its download. */
  checkTitle: (n: number, name: string) => `${n === 1 ? '1 thing' : `${n} things`} to check for the ${name}`,
  blocks: 'Needed',
  advised: 'Advised',
  anyway: 'Download anyway',
  download: 'Download',
  ask: 'Ask the employer for what is missing',
  cancel: 'Cancel',
  mailSubject: (name: string) => `Census: what we need for the ${name}`,
  mailBody: (name: string, lines: string[]) =>
    `Hello,\n\nTo prepare the ${name} from your census, we need the following:\n\n${lines.map((l) => `- ${l}`).join('\n')}\n\nCould you send an updated census with these filled in?\n\nThank you.`,
} as const;

/** The clean census (the spec's Export) when readiness has not arrived: the choice always has it. */
const CLEAN_ONLY: Pick<CensusTargetReadiness, 'id' | 'name' | 'format'>[] = [{ id: 'clean', name: 'Clean census', format: 'xlsx' }];

/** A target's mark: what blocks it, else whether the open review asks for a check first, else ready. */
export function targetMark(t: CensusTargetReadiness | undefined, reviewNeeded = false): string {
  if (!t) return TARGET_LABELS.checking;
  if (!t.ready) return TARGET_LABELS.toFix(t.problems.length);
  return reviewNeeded ? TARGET_LABELS.check : TARGET_LABELS.ready;
}

/** A target's name as the choice shows it: its format added unless the name already says it. */
export function targetLabel(t: Pick<CensusTargetReadiness, 'name' | 'format'>): string {
  const format = `(${t.format.toUpperCase()})`;
  return t.name.endsWith(format) ? t.name : `${t.name} ${format}`;
}

/** Whether the target's list shows before its download: what blocks it, or a ready target's advisories (not the spec's plain Export). */
export function showsListFirst(t: CensusTargetReadiness | undefined): boolean {
  return !!t && t.id !== 'clean' && (!t.ready || t.problems.length > 0);
}

/** What the employer can send or correct: blocking items and missing data, not notes on the template. */
export function askable(t: CensusTargetReadiness): CensusTargetReadiness['problems'] {
  return t.problems.filter((p) => p.blocking || p.askEmployer !== false);
}

/** A mailto: link listing what is missing in counts and fields (the readiness messages), never a person's data. */
export function askMailto(t: CensusTargetReadiness): string {
  const lines = askable(t).map((p) => p.message);
  // Mail programs cut long mailto links: the list stops well before 2,000 characters.
  let body = TARGET_LABELS.mailBody(t.name, lines);
  while (body.length > 1500 && lines.length > 1) {
    lines.pop();
    body = TARGET_LABELS.mailBody(t.name, [...lines, '...']);
  }
  return `mailto:?subject=${encodeURIComponent(TARGET_LABELS.mailSubject(t.name))}&body=${encodeURIComponent(body)}`;
}

export function TargetSelect({
  id,
  value,
  readiness,
  reviewNeeded,
  disabled,
  onChange,
}: {
  id: string;
  value: string;
  readiness: CensusTargetReadiness[] | null;
  /** The report's review is open: a ready target reads 'needs your check'. */
  reviewNeeded: boolean;
  disabled: boolean;
  onChange: (target: string) => void;
}) {
  const list = readiness ?? CLEAN_ONLY;
  const chosen = readiness?.find((t) => t.id === value);
  return (
    <>
      <label className="label tlabel" htmlFor={id}>
        {TARGET_LABELS.choose}
      </label>
      <select
        id={id}
        className="input select target"
        part="select target-select"
        value={value}
        disabled={disabled}
        aria-describedby={`${id}-mark`}
        onChange={(e) => onChange(e.currentTarget.value)}
      >
        {list.map((t) => (
          <option key={t.id} value={t.id}>
            {`${targetLabel(t)}: ${targetMark(readiness ? (t as CensusTargetReadiness) : undefined, reviewNeeded)}`}
          </option>
        ))}
      </select>
      {/* The chosen target's mark, visible when a narrow select cuts its text. */}
      <span id={`${id}-mark`} className={`target-mark${chosen && !chosen.ready ? ' to-fix' : ''}`} part="target-mark">
        {readiness ? targetMark(chosen, reviewNeeded) : ''}
      </span>
    </>
  );
}

/** A target's list of things to fix, shown before its download. */
export function FixList({
  target,
  level,
  busy,
  onDownload,
  onCancel,
}: {
  target: CensusTargetReadiness;
  level: number;
  busy: boolean;
  onDownload: () => void;
  onCancel: () => void;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The list appears where the eye and the screen reader are not: focus moves to its title, in the
  // same frame as the list (a deferred effect left a keyboard user's next key on Export).
  useLayoutEffect(() => headingRef.current?.focus(), [target.id]);
  const n = Math.min(6, Math.max(1, level));
  const Tag = `h${n}` as 'h3';
  const titleId = `fix-${target.id}`;
  return (
    <section className="message fix-list" part="fix-list" aria-labelledby={titleId}>
      <Tag className="fix-title" id={titleId} ref={headingRef} tabIndex={-1}>
        {target.ready ? TARGET_LABELS.checkTitle(target.problems.length, target.name) : TARGET_LABELS.listTitle(target.problems.length, target.name)}
      </Tag>
      {target.holds ? (
        <p className="fix-holds" part="target-holds">
          {target.holds}
        </p>
      ) : null}
      <ul className="fix-items">
        {target.problems.map((p) => (
          <li key={`${p.field}-${p.message}`}>
            <span className={p.blocking ? 'tag tag-block' : 'tag'}>{p.blocking ? TARGET_LABELS.blocks : TARGET_LABELS.advised}</span> {p.message}
          </li>
        ))}
      </ul>
      <div className="fix-actions">
        <button type="button" className="button" part="button" disabled={busy} aria-busy={busy || undefined} onClick={onDownload}>
          {busy ? <Spinner /> : null}
          {target.ready ? TARGET_LABELS.download : TARGET_LABELS.anyway}
        </button>
        {askable(target).length ? (
          <a className="button secondary" part="button" href={askMailto(target)}>
            {TARGET_LABELS.ask}
          </a>
        ) : null}
        <button type="button" className="button secondary" part="button" onClick={onCancel}>
          {TARGET_LABELS.cancel}
        </button>
      </div>
    </section>
  );
}
