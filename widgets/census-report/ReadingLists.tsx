/** The end of 'How we read your file': what was filled in, and what was skipped or is worth a look. */
import type { ReportWithReading } from './draft';
import { H } from './heading';
import { duplicateIssues, imputedLines, issueWhere } from './reading-words';

export function ReadingLists({ report, level }: { report: ReportWithReading; level: number }) {
  const sub = level;
  const filled = imputedLines(report.imputed);
  const duplicates = duplicateIssues(report.issues);
  const issues = report.issues ?? [];
  return (
    <>
        <H level={sub} className="reading-heading">
          Filled in
        </H>
        {filled.length ? (
          <ul className="reading-list">
            {filled.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : (
          <p className="muted">Nothing: every value we needed was in your file.</p>
        )}
        {duplicates ? <p>We removed duplicate rows ({duplicates.toLocaleString('en-US')} noted below).</p> : null}
        <H level={sub} className="reading-heading">
          Skipped or worth a look
        </H>
        {issues.length ? (
          <ul className="reading-list">
            {issues.map((issue, i) => (
              <li key={i}>
                <span className="muted">{issueWhere(issue)}:</span> {issue.message}
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">Nothing was skipped.</p>
        )}
    </>
  );
}
