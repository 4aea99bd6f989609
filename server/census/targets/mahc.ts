/**
 * The MA Health Connector's employee census (roster upload) template v1.1, reproduced exactly from
 * the real fixture ../shared/fixtures/census-real/files/mahc-roster-upload-template.xlsx
 * (health-connector/quoting_tool, clients/html/src/assets/roster_upload_template.xlsx): sheet
 * 'Employee Census' with its title row (title, template date, version twice), the machine header
 * row and the human header row (21 columns).
 */
import { rosterColumns, rosterRequirements } from './ideacrew-roster';
import { DateCell, type TableTarget } from './types';
import { meta } from './catalog';

export const MAHC_HEADERS = [
  ['employer_assigned_family_id', 'Family ID # \n(to match family members to the EE & each household gets a unique number)\n(optional)'],
  ['employee_relationship', 'Relationship\n(EE, Spouse, Domestic Partner, or Child)'],
  ['last_name', 'Last Name'],
  ['first_name', 'First Name'],
  ['middle_name', 'Middle Name or Initial \n(optional)'],
  ['name_sfx', 'Suffix \n(optional)'],
  ['email', 'Email Address'],
  ['ssn', 'SSN / TIN \n(Required for EE & enter without dashes)'],
  ['dob', 'Date of Birth (MM/DD/YYYY)'],
  ['gender', 'Gender'],
  ['hire_date', 'Date of Hire'],
  ['termination_date', 'Date of Termination\n(optional)'],
  ['is_business_owner', 'Is Business Owner?'],
  ['benefit_group', 'Benefit Group \n(optional)'],
  ['plan_year', ' Plan Year \n(optional)'],
  ['kind', 'Address Kind\n(optional)'],
  ['address_1', 'Address Line 1\n(optional)'],
  ['address_2', 'Address Line 2\n(optional)'],
  ['city', 'City\n(optional)'],
  ['state', 'State\n(optional)'],
  ['zip', 'Zip\n(optional)'],
] as const;

const title: (string | DateCell | null)[] = Array(21).fill(null);
title[0] = 'Health Connector - Employee Census Template';
title[7] = new DateCell('2016-10-26');
title[13] = '1.1';
title[14] = 'v1.1';

export const mahc: TableTarget = {
  ...meta('mahc'),
  format: 'xlsx',
  members: 'lives',
  dateFormat: 'mm/dd/yyyy',
  sheet: { name: 'Employee Census', topRows: [title], extraHeaderRows: [MAHC_HEADERS.map(([m]) => m)] },
  columns: rosterColumns(MAHC_HEADERS),
  requires: rosterRequirements('the Health Connector'),
};
