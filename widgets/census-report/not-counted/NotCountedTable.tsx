/**
 * The 'Not counted' table, loaded on first use by NotCounted.tsx: one table, a row group per reason
 * (in the engine's order) headed by the reason and its count, then file, sheet, row, who and the
 * reason in words for each entry. Where the report carries only the first entries of a reason, a last
 * row says how many more the clean export lists.
 */
import { useId, useRef } from 'react';
import { NOT_COUNTED_REASONS, type CensusNotCounted, type CensusNotCountedEntry, type NotCountedReason } from '../../../shared/census/report';
import { useChunkCss } from '../../internal/chunk-css';
import { NOT_COUNTED_LABELS as L } from './labels';
import { NOT_COUNTED_TABLE_CSS } from './table-styles';

const COLUMNS = [L.file, L.sheet, L.row, L.who, L.reason] as const;
/** The headings when every entry is a document's row (a PDF or a scan): page and line instead of sheet and row. */
const DOCUMENT_COLUMNS = [L.file, L.page, L.line, L.who, L.reason] as const;

/** The entries of each reason, in the reasons' order (the engine sends them so; grouped again for safety). */
function groups(nc: CensusNotCounted): [NotCountedReason, CensusNotCountedEntry[]][] {
  const by = new Map<NotCountedReason, CensusNotCountedEntry[]>();
  for (const e of nc.entries) {
    const list = by.get(e.reason);
    if (list) list.push(e);
    else by.set(e.reason, [e]);
  }
  return (Object.keys(NOT_COUNTED_REASONS) as NotCountedReason[]).filter((r) => (nc.byReason[r] ?? 0) > 0).map((r) => [r, by.get(r) ?? []]);
}

/** Every entry names a document's page and line (a PDF or a scan alone in the case). */
const documentOnly = (nc: CensusNotCounted) => nc.entries.length > 0 && nc.entries.every((e) => e.row === null || e.page !== undefined) && nc.entries.some((e) => e.page !== undefined);

export function NotCountedTable({ notCounted }: { notCounted: CensusNotCounted }) {
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  // Before the first paint, so the table never shows unstyled.
  const inlineCss = useChunkCss(ref, NOT_COUNTED_TABLE_CSS);
  return (
    // The table scrolls inside its box, which takes the focus so a keyboard can scroll it; a narrow
    // screen stacks each entry's cells instead (./table-styles.ts), so the page never scrolls sideways.
    <div ref={ref} className="not-counted-wrap" tabIndex={0} role="region" aria-labelledby={`${id}-caption`}>
      {inlineCss ? <style>{NOT_COUNTED_TABLE_CSS}</style> : null}
      <table className="not-counted-table">
        <caption id={`${id}-caption`} className="visually-hidden">
          {L.caption}
        </caption>
        <thead>
          <tr>
            {(documentOnly(notCounted) ? DOCUMENT_COLUMNS : COLUMNS).map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        {groups(notCounted).map(([reason, entries]) => {
          const count = notCounted.byReason[reason] ?? entries.length;
          return (
            <tbody key={reason}>
              <tr className="group">
                <th scope="rowgroup" colSpan={COLUMNS.length}>
                  {L.group(NOT_COUNTED_REASONS[reason], count)}
                </th>
              </tr>
              {entries.map((e, i) => (
                <tr key={`${e.file}|${e.sheet}|${e.row}|${e.column ?? ''}|${i}`} className="entry">
                  {/* data-label: the column's name, shown before the value when a narrow screen stacks the cells. */}
                  <td className="c-file" data-label={L.file}>{e.file}</td>
                  {/* A document's row (a PDF or a scan) is named by its page and line, as the page shows it. */}
                  <td className="c-sheet" data-label={e.page !== undefined ? L.page : L.sheet}>{e.page !== undefined ? L.pageN(e.page) : e.sheet}</td>
                  <td className="c-row" data-label={e.line !== undefined ? L.line : L.row}>
                    {e.row === null ? L.wholeSheet : e.line !== undefined ? L.lineN(e.line) : e.column ? `${e.row} (${e.column})` : e.row}
                  </td>
                  <td className="c-who">{e.who || (e.row === null ? '' : L.noName)}</td>
                  <td className="c-reason">{e.detail}</td>
                </tr>
              ))}
              {count > entries.length ? (
                <tr className="more">
                  <td colSpan={COLUMNS.length}>{L.more(count - entries.length)}</td>
                </tr>
              ) : null}
            </tbody>
          );
        })}
      </table>
    </div>
  );
}
