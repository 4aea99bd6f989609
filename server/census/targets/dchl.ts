/**
 * DC Health Link's employee census template v1.1, reproduced exactly from the real fixture
 * ../shared/fixtures/census-real/files/dchl-census-import.xlsx (ideacrew/enroll,
 * spec/test_data/census_employee_import/DCHL Employee Census.xlsx): sheet 'Employee Census' with its
 * title row (title, template date, version), the machine header row, the human header row (22
 * columns). The template's empty second sheet 'Sheet1' is left out: the importer reads the first
 * sheet, and an empty sheet in a file a broker sends looks like something missing (issue 28).
 */
import { rosterColumns, rosterRequirements } from './ideacrew-roster';
import { DateCell, type TableTarget } from './types';
import { meta } from './catalog';

export const DCHL_HEADERS = [
  ['employer_assigned_family_id', 'Family ID # \n(to match family members to the EE & each household gets a unique number)(optional)'],
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
  ['plan_year', ' Plan Year (Optional)'],
  ['kind', 'Address Kind(Optional)'],
  ['address_1', 'Address Line 1(Optional)'],
  ['address_2', 'Address Line 2(Optional)'],
  ['city', 'City(Optional)'],
  ['state', 'State(Optional)'],
  ['zip', 'Zip(Optional)'],
  ['newly_designated', 'Newly Designated'],
] as const;

const title: (string | DateCell | null)[] = Array(22).fill(null);
title[0] = 'DC Health Link  Employee Census Template';
title[7] = new DateCell('2016-10-26');
title[13] = '1.1';

export const dchl: TableTarget = {
  ...meta('dchl'),
  format: 'xlsx',
  members: 'lives',
  dateFormat: 'mm/dd/yyyy',
  sheet: { name: 'Employee Census', topRows: [title], extraHeaderRows: [DCHL_HEADERS.map(([m]) => m)] },
  columns: rosterColumns(DCHL_HEADERS),
  requires: rosterRequirements('DC Health Link'),
};
