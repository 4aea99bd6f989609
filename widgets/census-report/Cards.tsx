/** The report's figures: the cards (Total lives, the charts, Coverage tiers, Distribution) in their grid. */
import type { ReactNode } from 'react';
import type { CensusReport as Report } from '../../shared/census/report';
import { CategoryBarChart } from '../internal/charts/CategoryBarChart';
import { GenderDoughnut } from '../internal/charts/GenderDoughnut';
import { UsStateMap } from '../internal/charts/UsStateMap';
import { formatCount } from '../internal/format';
import type { ReportWithReading } from './draft';
import { H } from './heading';
import { REPORT_LABELS } from './labels';
import { ReviewFlag } from './ReadingPanel';
import { countsSentence, genderSentence, relationshipSplit, tierRows } from './summary-sentences';

export interface FigureCardsProps {
  report: ReportWithReading | null;
  level: number;
  /** The lives per file are listed (several files, 'All files' chosen). */
  perFile: boolean;
  recalculating: boolean;
  topologyUrl?: string;
  /** The 'Not counted (N)' toggle, under the Total lives footnote. */
  notCountedToggle?: ReactNode;
}

export function FigureCards({ report, level, perFile, recalculating, topologyUrl, notCountedToggle }: FigureCardsProps) {
  const loading = !report;
  const tiers = report ? tierRows(report as Report) : [];
  // 5 or 6 cards before the map: with 5 the fifth (Tenure) spans two columns so no slot stays empty,
  // and every card keeps its place when a Coverage tiers card arrives after the skeletons.
  const cards = tiers.length ? 6 : 5;
  // Nobody read at all (no lives, nobody left out): the charts say so instead of drawing zero bars.
  const noRows = !!report && report.totalLives === 0 && (report.notCounted?.total ?? 0) === 0;
  const noted = (what: 'age' | 'salary' | 'tenure') => (!report ? null : noRows ? REPORT_LABELS.noRows : countsSentence(report as Report, what));
  const data = (d: Record<string, number> | undefined) => (noRows ? {} : (d ?? {}));
  return (
      <div className={`grid cards-${cards}`} aria-busy={recalculating || undefined}>
        <Card title={REPORT_LABELS.totalLives} level={level} loading={loading} lives>
          {report ? (
            <Lives report={report as Report} several={perFile}>
              <ReviewFlag report={report} />
              {notCountedToggle}
            </Lives>
          ) : null}
        </Card>
        <Card title={REPORT_LABELS.gender} level={level} loading={loading} noted note={report ? (noRows ? REPORT_LABELS.noRows : genderSentence(report as Report)) : null}>
          {report ? <GenderDoughnut data={report.genderRatio} label={REPORT_LABELS.gender} /> : null}
        </Card>
        <Card title={REPORT_LABELS.age} level={level} loading={loading} noted note={noted('age')}>
          {report ? <CategoryBarChart data={data(report.ageBand as Record<string, number>)} label={REPORT_LABELS.age} /> : null}
        </Card>
        <Card title={REPORT_LABELS.salary} level={level} loading={loading} noted note={noted('salary')}>
          {report ? <CategoryBarChart data={data(report.salaryBand as Record<string, number>)} label={REPORT_LABELS.salary} variant="half" /> : null}
        </Card>
        <Card title={REPORT_LABELS.tenure} level={level} loading={loading} noted note={noted('tenure')}>
          {report ? <CategoryBarChart data={data(report.tenure as Record<string, number>)} label={REPORT_LABELS.tenure} /> : null}
        </Card>
        {tiers.length ? (
          <Card title={REPORT_LABELS.tiers} level={level} loading={loading} note="Employees counted as lives or waived, by the coverage they chose.">
            <Tiers rows={tiers} />
          </Card>
        ) : null}
        <Card title={REPORT_LABELS.distribution} level={level} loading={loading} wide>
          {report ? <UsStateMap data={report.demographics} label={REPORT_LABELS.distribution} topologyUrl={topologyUrl} unit="lives" /> : null}
        </Card>
      </div>

  );
}

/** Literal part names (tests/widgets/manifest.test.ts reads them from the source). */
const CARD_PARTS = { plain: { part: 'card' }, lives: { part: 'card card-lives' } } as const;

function Card({
  title,
  level,
  loading,
  children,
  wide,
  lives,
  note,
  noted,
}: {
  title: string;
  level: number;
  loading: boolean;
  children: ReactNode;
  wide?: boolean;
  lives?: boolean;
  /** What the card counts, under its title. */
  note?: string | null;
  /** The card has a note line: its room is kept while loading and when the file has no such data. */
  noted?: boolean;
}) {
  return (
    <section className={`card tile${wide ? ' wide' : ''}${lives ? ' tile-lives' : ''}`} {...(lives ? CARD_PARTS.lives : CARD_PARTS.plain)}>
      <H level={level} className="tile-title">
        {title}
      </H>
      {note && !loading ? (
        <p className="tile-note" part="card-note">
          {note}
        </p>
      ) : noted ? (
        <span className="tile-note tile-note-empty" aria-hidden="true" />
      ) : null}
      {loading ? <span className={lives ? 'skeleton skeleton-figure' : 'skeleton skeleton-chart'} part="skeleton" aria-hidden="true" /> : children}
    </section>
  );
}

/** children: the 'Not counted (N)' toggle, under the footnote it details. */
function Lives({ report, several, children }: { report: Report; several: boolean; children?: ReactNode }) {
  const { retired, excluded } = report.livesAdditionalInfo ?? { retired: 0, excluded: 0 };
  const split = relationshipSplit(report);
  return (
    <div className="lives">
      <p className="total" part="total">
        {formatCount(report.totalLives)}
      </p>
      {excluded > 0 && retired > 0 ? (
        <p className="footnote" part="footnote">
          {REPORT_LABELS.footnote(excluded, retired)}
        </p>
      ) : null}
      {children}
      {split.length ? (
        <ul className="split" part="split" aria-label="Lives by relationship">
          {split.map(([name, count]) => (
            <li key={name}>
              <span>{name}</span>
              <span className="split-count">{formatCount(count)}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {several ? (
        <ul className="per-file">
          {report.livesPerFile.map((f) => (
            <li key={f.smtpId || f.fileName}>
              <span className="per-file-name">{f.fileName}</span>
              <span className="per-file-lives">{formatCount(f.lives)}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The coverage tiers as a list with counts and shares (no chart: five rows read better as text). */
function Tiers({ rows }: { rows: ReturnType<typeof tierRows> }) {
  return (
    <ul className="tiers" part="tiers">
      {rows.map((r) => (
        <li key={r.tier} className="tier">
          <span className="tier-name">
            {r.name}
            {r.tier === 'waived' ? null : <span className="muted"> ({r.tier})</span>}
          </span>
          <span className="tier-count">{formatCount(r.count)}</span>
          <span className="tier-share muted">{r.share}%</span>
          <span className={`tier-bar w${Math.round(r.share / 5) * 5}`} aria-hidden="true" />
        </li>
      ))}
    </ul>
  );
}
