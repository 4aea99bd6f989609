/**
 * The report object's types. They live in shared/census/report.ts (framework-free, so the report
 * widget uses the very same ones); the engine imports them from here.
 */
export type {
  CanonicalField,
  CensusColumn,
  CensusIssue,
  CensusReport,
  CensusReportFile,
  CountWithShare,
  Distribution,
  AgeBandLabel,
  SalaryBandLabel,
  TenureBandLabel,
  Relationship,
  Gender,
  MemberStatus,
  CoverageTier,
} from '../../shared/census/report';
export { AGE_BANDS, SALARY_BANDS, TENURE_BANDS, CANONICAL_FIELDS } from '../../shared/census/report';
