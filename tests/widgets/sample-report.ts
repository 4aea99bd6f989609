/** The sample case's report (examples/data/sample-report.json), as the report widget tests start from it. */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CensusReport } from '../../shared/census/report';

export const SAMPLE_REPORT: CensusReport = JSON.parse(readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../../examples/data/sample-report.json'), 'utf8'));
