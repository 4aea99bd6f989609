/**
 * 'Keep full SSNs for carrier files' (issue 28): the same words on the upload (<census-parser>) and
 * in the report (<census-report>). The choice is sent as `keepSsn` (the upload's form field, PATCH
 * /main/case); the numbers are read again from the encrypted upload for the carrier and exchange
 * files that require them and are never part of the report.
 */
export const KEEP_SSN_LABELS = {
  label: 'Keep full SSNs for carrier files',
  hint: 'Carrier and exchange files (DC Health Link, MA Health Connector, ben-admin import) need each employee\'s SSN. With this on, the full number is used only in the files you download, never stored in the report.',
} as const;
