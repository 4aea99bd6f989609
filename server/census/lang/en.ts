/**
 * English: how carriers', brokers' and payroll systems' census templates name each canonical field
 * (UnitedHealthcare, Aetna, Cigna, BCBS and Kaiser small-group censuses; broker quoting templates;
 * ADP, Paychex, Paycom, Gusto, Workday, UKG exports), plus headers known NOT to be a canonical field
 * ('ignore': middle name, department, termination date ...), so that a fuzzy match does not pull them
 * into one. Code words are the English spellings of codes ('Spouse', 'Employee + Children', 'On
 * Leave'); the codes themselves (EE/SP/CH, X12 and carrier legends) are language-independent and stay
 * in values/codes.ts.
 */
import type { HeadRule, LanguagePack, MoveAway } from './types';

/** The domain lexicon (map/lexicon.ts): head nouns and the qualifiers that keep or change their meaning. */
const PAY_HEADS = ['compensation', 'earnings', 'wages', 'wage', 'salary', 'pay', 'income'];

const HEADS: HeadRule[] = [
  {
    field: 'annualSalary',
    need: [PAY_HEADS],
    allow: ['gross', 'base', 'basic', 'annual', 'annualized', 'annualised', 'total', 'regular', 'yearly', 'benefit', 'benefits', 'covered', 'insured', 'w', 'salaried', 'usd', 'amount', 'amt'],
    score: 0.9,
    evidence: "401(k) and cost-model censuses name pay 'gross_compensation', 'employee_gross_compensation'; carrier templates 'Annual Base Earnings', 'Covered Salary'; payroll exports 'Compensation Amount', 'Base Pay Amount'",
  },
  {
    // A pay "rate" names no period: like the vocabulary's 'pay rate', it is read as an hourly rate
    // unless its values' magnitude or a pay-mode column beside it says otherwise (map/index.ts).
    field: 'hourlyRate',
    need: [PAY_HEADS, ['rate']],
    allow: ['base', 'basic', 'regular', 'current', 'gross', 'usd'],
    score: 0.85,
    evidence: "payroll exports (Gusto-style) write 'compensation_rate' beside 'compensation_unit' (Hour, Year, Month); HR exports 'Wage Rate', 'Salary Rate'",
  },
  {
    field: 'employeeId',
    need: [['family', 'household', 'subscriber'], ['id', 'number', 'group', 'key', 'identifier', 'nbr']],
    allow: ['employer', 'assigned', 'unique', 'internal', 'system'],
    // Under 0.95: the values must still repeat no more than a household's (a group-wide key is no id).
    score: 0.9,
    evidence: "exchange rosters link a household by 'employer_assigned_family_id'; eligibility extracts by 'family_group', 'subscriber_id' (CENSUS.md: the employee id is shared by an employee and its dependents)",
  },
  {
    field: 'status',
    need: [['active', 'eligible', 'eligibility', 'employed']],
    allow: ['flag', 'indicator', 'status', 'currently', 'code', 'yes', 'no'],
    score: 0.9,
    evidence: "workforce-simulation and eligibility files flag the status as 'ACTIVE', 'active_flag', 'eligible_ind' (true/false, Y/N, 1/0)",
  },
];

const MOVES_AWAY: MoveAway[] = [
  {
    fields: ['status'],
    words: ['hce', 'highly', 'compensated', 'key'],
    evidence: "401(k) ACP/ADP censuses carry 'HCE Status' Y/N: highly-compensated, not employment status",
  },
  {
    fields: ['status'],
    words: ['std', 'standard', 'ltd', 'life', 'add', 'dental', 'vision', 'medical', 'dhmo', 'dppo', 'hmo', 'ppo', 'hsa', 'fsa', 'disability', 'accident', 'hospital', 'critical', 'marital', 'student', 'tax', 'filing', 'veteran', 'citizenship', 'visa', 'smoker', 'tobacco', 'beneficiary', 'flsa', 'exempt', 'id'],
    evidence: "carrier templates carry 'STD Enrollment Status', 'Medical Coverage Status' per product; HR exports 'MaritalStatus', 'EmpStatusID' (a number key): none is the member's employment status",
  },
  {
    fields: ['annualSalary', 'monthlySalary', 'hourlyRate'],
    words: ['capped', 'cap', 'limit', 'limited', 'max', 'maximum', 'plan', 'deferral', 'deferred', 'contribution', 'contributions', 'match', 'ytd', 'bonus', 'commission', 'overtime', 'excess', 'prior', 'previous', 'testing', 'premium', 'volume'],
    evidence: "retirement censuses carry 'capped_compensation' (the IRS-limited copy) and 'plan_year_compensation' beside the gross pay; carrier templates 'Life Volume'",
  },
  {
    fields: ['hireDate'],
    words: ['coverage', 'plan', 'enrollment', 'eligibility', 'entry', 'participation', 'cobra', 'policy'],
    evidence: "834 inputs and 401(k) censuses carry 'coverage_start', 'eligibility_entry_date': not when the person was hired",
  },
  {
    fields: ['firstName', 'lastName', 'fullName'],
    words: ['sponsor', 'manager', 'supervisor', 'beneficiary', 'emergency', 'provider', 'carrier', 'agent', 'broker', 'physician', 'doctor', 'pcp', 'plan', 'company', 'employer', 'group'],
    evidence: "HR exports carry 'ManagerName', 834 inputs 'Benefit Plan Provider Name', exchange forms 'sponsor name': other people's or organisations' names",
  },
  {
    // 'Employee' alone may head the names; 'Employee Type' is a kind of employee, not who.
    fields: ['fullName'],
    words: ['type', 'class', 'category', 'classification', 'kind'],
    evidence: "carrier enrollment workbooks carry 'EMPLOYEE TYPE (Hourly or Salaried)'; HR exports 'Employee Class', 'Employee Category', 'Worker Type'",
  },
];

export const en: LanguagePack = {
  code: 'en',
  name: 'English',
  sources: [
    'carrier small-group census templates (UnitedHealthcare, Aetna, Cigna, BCBS, Kaiser, Principal, AXA)',
    'state-exchange roster templates (DC Health Link, MA Health Connector), PEO RFP workbooks',
    'payroll and HRIS exports (ADP, Paychex, Paycom, Gusto, Workday, UKG), 834 enrollment inputs',
  ],
  headers: {
    employeeId: [
      'employee id', 'employee number', 'employee id number', 'employee code', 'employee key', 'id', 'id number',
      'member id', 'member number', 'subscriber id', 'subscriber number', 'insured id', 'participant id',
      'person id', 'person number', 'personnel number', 'payroll id', 'payroll number', 'file number', 'badge number',
      'badge id', 'clock number', 'associate id', 'worker id', 'staff id', 'staff number', 'unique id',
      'certificate number', 'cert number', 'certificate id', 'group member id', 'employee identifier', 'identifier',
      'emplid', 'eeid', 'household id', 'family id', 'family number', 'record number@0.8', 'alternate id@0.8',
      'key@0.6', 'number@0.6', 'hris id', 'workday id', 'adp id', 'position id@0.6', 'enrollee id',
    ],
    firstName: [
      'first name', 'first', 'given name', 'forename', 'fname', 'first nm', 'name first', 'legal first name',
      'preferred name@0.85', 'preferred first name@0.9', 'nick name@0.8', 'nickname@0.8', 'christian name',
      'firstname',
    ],
    lastName: [
      'last name', 'last', 'surname', 'family name', 'lname', 'last nm', 'name last', 'legal last name', 'lastname',
      'sur name',
    ],
    fullName: [
      'name', 'full name', 'employee name', 'member name', 'insured name', 'subscriber name', 'participant name',
      'enrollee name', 'person name', 'worker name', 'associate name', 'legal name', 'full legal name',
      'name last first', 'last name first name', 'last first', 'last first name', 'first last', 'first name last name',
      'patient name', 'covered person', 'covered member', 'individual name', 'dependent name@0.85',
      'employee dependent name', 'names', 'payroll name', 'employee full name', 'member full name', 'worker full name',
      // A column headed by the person it describes ("Employee": "Smith, John").
      'employee@0.75', 'member@0.75', 'insured@0.7', 'subscriber@0.7', 'participant@0.7', 'enrollee@0.7',
      'worker@0.7', 'associate@0.7', 'team member@0.7',
    ],
    relationship: [
      'relationship', 'relation', 'relationship employee', 'relationship insured', 'relation insured',
      'kinship', 'kinship degree', 'degree of kinship',
      'relation employee', 'relationship subscriber', 'relationship code', 'relationship type', 'relation code',
      'dependent type', 'dependent relationship', 'dependent code', 'member type', 'member relationship',
      'member code', 'person type', 'insured type', 'enrollee type', 'coverage relationship',
      'employee dependent', 'employee or dependent', 'employee spouse child', 'ee sp ch', 'type@0.55',
      'role@0.5', 'member role', 'dependent indicator', 'subscriber dependent', 'rel type', 'relationship primary',
      'relationship member', 'relationship policyholder', 'relationship employee code', 'family role',
      'dependent status@0.8', 'member status code@0.6', 'subscriber type', 'ee sp ch code',
    ],
    dateOfBirth: [
      'date birth', 'birth date', 'birthday', 'birthdate', 'born', 'born on', 'birth', 'birth dt', 'date born',
      'employee date birth', 'member date birth', 'dob',
    ],
    age: ['age', 'current age', 'age years', 'attained age', 'age effective date', 'age last birthday', 'age nearest birthday', 'years old', 'issue age'],
    gender: [
      'gender', 'sex', 'gender code', 'sex code', 'm f', 'male female', 'gender m f', 'sex m f', 'gender identity@0.9',
      'legal sex', 'biological sex', 'gndr',
    ],
    zip: [
      'zip', 'zip code', 'postal code', 'postcode', 'postal', 'zip postal code', 'zip5', 'zip 5', 'zip plus 4',
      'zip 4', 'residence zip', 'home zip', 'home zip code', 'home postal code', 'mailing zip@0.9', 'residential zip',
      'zip code residence', 'work zip@0.75', 'work location zip@0.7', 'location zip@0.75', 'resident zip',
    ],
    state: [
      'state', 'home state', 'resident state', 'residence state', 'state residence', 'residential state', 'state code',
      'mailing state@0.9', 'work state@0.8', 'work location state@0.75',
      'location state@0.75', 'situs state@0.6', 'st', 'home st', 'state abbreviation', 'state abbr',
    ],
    hireDate: [
      'hire date', 'date hire', 'original hire date', 'most recent hire date@0.95', 'latest hire date@0.95',
      'start date', 'employment date', 'employment start date', 'date employment', 'date employed', 'date hired',
      'hired', 'hired on', 'service date', 'adjusted service date@0.9', 'seniority date@0.9', 'rehire date@0.8',
      'benefit service date@0.85', 'continuous service date@0.9', 'employment begin date', 'join date',
      'joining date', 'start employment', 'first day employment', 'hire dt', 'doh', 'last hire date@0.9',
      'eligibility date@0.6',
    ],
    annualSalary: [
      'salary', 'annual salary', 'annual compensation', 'annual comp', 'base salary', 'annual base salary',
      'base annual salary', 'annual earnings', 'basic annual earnings', 'annual base earnings', 'benefit salary',
      'benefits salary', 'covered salary', 'insured salary', 'annual pay', 'yearly salary', 'yearly pay',
      'annual wage', 'annual wages', 'annual income', 'annualized salary', 'annualized pay', 'salary annual',
      'earnings@0.85', 'compensation@0.85', 'wages@0.85', 'income@0.8', 'pay@0.7', 'gross salary', 'current salary',
      'base pay@0.85', 'salary amount', 'annual rate@0.9', 'w2 wages@0.85', 'w 2 wages@0.85', 'salary usd',
      'annual base pay', 'annual benefits salary', 'life salary@0.9', 'disability salary@0.9', 'comp@0.8',
      'total compensation@0.85', 'salary rate@0.8', 'pay amount@0.7', 'total base pay', 'total base pay annualized',
      'base pay annualized', 'annualized base pay', 'annualized base salary', 'base salary amount', 'annual base pay amount', 'yearly earnings', 'annual earning', 'yearly wage', 'yearly wages', 'yearly compensation',
    ],
    monthlySalary: [
      'monthly salary', 'monthly earnings', 'monthly pay', 'monthly compensation', 'monthly comp', 'monthly wage',
      'monthly wages', 'monthly income', 'salary monthly', 'monthly base', 'monthly base salary', 'monthly rate@0.9',
      'basic monthly earnings', 'monthly base earnings', 'monthly benefit salary', 'monthly gross',
    ],
    hourlyRate: [
      'hourly rate', 'hourly', 'hourly wage', 'hourly pay', 'hourly pay rate', 'pay rate@0.85', 'rate@0.7',
      'rate pay@0.85', 'wage rate@0.85', 'base rate@0.8', 'hourly salary', 'rate hour', 'hourly base rate',
      'hourly rate pay', 'wage@0.7', 'per hour', 'hour rate', 'hrly rate',
    ],
    hoursPerWeek: [
      'hours', 'hours week', 'weekly hours', 'hours per week', 'standard hours', 'scheduled hours',
      'scheduled weekly hours', 'standard weekly hours', 'average weekly hours', 'avg weekly hours',
      'hours worked week', 'hours worked', 'work hours', 'working hours', 'normal hours', 'contracted hours',
      'fte hours@0.9', 'std hours', 'sched hours', 'weekly work hours', 'regular hours', 'hours wk', 'hrs week',
    ],
    status: [
      'status', 'employment status', 'employee status', 'member status', 'work status', 'active status',
      'status code', 'employment status code', 'employee status code', 'job status', 'eligibility status@0.85',
      'active inactive', 'active terminated', 'current status', 'employment type@0.6', 'worker status',
      'payroll status', 'hr status', 'coverage status@0.75', 'enrollment status@0.75', 'benefit status@0.8',
      'active@0.8', 'active y n', 'is active', 'active flag', 'active indicator',
    ],
    coverageTier: [
      'coverage tier', 'tier', 'coverage level', 'coverage', 'coverage type', 'coverage code', 'medical tier',
      'medical coverage', 'medical coverage level', 'medical coverage tier', 'medical level', 'medical election',
      'health tier', 'health coverage', 'tier code', 'enrollment tier', 'plan tier', 'benefit tier', 'election@0.8',
      'coverage option', 'coverage election', 'medical@0.7', 'family status@0.7', 'dental tier@0.8',
      'vision tier@0.8', 'dental coverage@0.75', 'coverage category', 'contract type@0.7', 'enrollment type@0.75',
      'tier level', 'rate tier', 'medical coverage type',
      // the tier that sets what the member pays ('Premium Contribution Tier', 'Contribution Tier')
      'contribution tier', 'premium tier', 'premium contribution tier',
    ],
    jobTitle: [
      'job title', 'title', 'occupation', 'position', 'job', 'job description', 'position title', 'job name',
      'position description', 'job role@0.9', 'role@0.6', 'work title', 'designation@0.8', 'occupation title',
      'job classification@0.8', 'job function@0.85', 'business title', 'occupation code@0.7', 'job code@0.6',
    ],
    tobacco: [
      'tobacco', 'smoker', 'tobacco user', 'tobacco use', 'smoker status', 'tobacco status', 'smoking',
      'smoking status', 'nicotine', 'nicotine use', 'tobacco y n', 'smoker y n', 'uses tobacco', 'tobacco usage',
      'tobacco indicator', 'smoker indicator', 'tobacco smoker', 'smoked', 'ever smoked', 'smoker flag',
    ],
    ssn: [
      'ssn', 'social security number', 'social security', 'social', 'social security no', 'ss number', 'ss no', 'ssno',
      'tax id', 'tin', 'ssn tin', 'employee ssn', 'member ssn', 'subscriber ssn', 'ssn last 4', 'last 4 ssn',
      'last four ssn', 'ssn 4', 'national id@0.8', 'social security num', 'soc sec number', 'soc sec',
    ],
    spouseDateOfBirth: [
      'spouse date birth', 'spouse dob', 'spouse birth date', 'spouse birthdate', 'spouse birthday',
      'partner date birth@0.9', 'partner dob@0.9', 'domestic partner dob@0.9', 'spouse partner dob',
      'spouse domestic partner dob', 'dob spouse', 'birth date spouse',
    ],
    childDateOfBirth: [
      'child date birth', 'child dob', 'child birth date', 'child birthdate', 'child birthday', 'children dob',
      'dependent date birth@0.9', 'dependent dob@0.9', 'dependent birth date@0.9', 'kid dob', 'dob child',
      'birth date child', 'dependent child dob',
    ],
    ignore: [
      'middle name', 'middle initial', 'middle', 'mi', 'initial', 'suffix', 'name suffix', 'prefix', 'salutation',
      // an employer's tax id, an office, an account, a record's start date, a pay benchmark, an emirate of a visa
      'fein', 'office', 'acct', 'record start date', 'market midpoint', 'visa emirate',
      // a coverage effective date ('ced'), a national unified id ('uid': each person's own, not the employee's)
      'ced', 'uid',
      'department', 'department code', 'department name', 'dept code', 'division', 'location', 'location code',
      'work location', 'branch', 'cost center', 'business unit', 'company', 'company code', 'employer', 'group number',
      'group name', 'group id', 'email', 'email address', 'work email', 'personal email', 'phone', 'phone number',
      'home phone', 'cell phone', 'mobile', 'address', 'address line', 'street', 'street address', 'home address',
      'mailing address', 'city', 'county', 'country', 'plan', 'plan name', 'plan code', 'medical plan', 'dental plan',
      'vision plan', 'plan type', 'class', 'benefit class', 'employee class', 'effective date', 'coverage effective date',
      'termination date', 'term date', 'date termination', 'end date', 'dependent id', 'dependent number',
      'dependent ssn', 'spouse ssn', 'spouse name', 'spouse first name', 'spouse last name', 'spouse first', 'spouse last', 'spouse middle', 'spouse gender',
      'spouse zip', 'spouse zip code', 'spouse state', 'spouse address', 'spouse city', 'spouse smoker', 'spouse tobacco', 'spouse phone', 'spouse email',
      'spouse sex', 'child name', 'child first', 'child last', 'child first name', 'child last name', 'child gender', 'notes', 'note', 'comments', 'comment', 'remarks', 'union',
      'full time part time', 'ft pt', 'exempt', 'flsa status', 'exempt status', 'pay frequency', 'pay group',
      'pay period', 'pay date', 'check date', 'payroll date', 'waiver reason', 'waive reason', 'marital status', 'language', 'ethnicity', 'race', 'manager',
      'supervisor', 'reports', 'premium', 'employee contribution', 'employer contribution', 'cost', 'bonus',
      'commission', 'ytd earnings', 'occupation class@0.8', 'sequence', 'sequence number', 'member sequence',
      'dependent sequence', 'suffix code', 'medicare', 'medicare eligible', 'cobra start date', 'cobra end date',
      'retirement date', 'date retirement', 'disabled', 'student', 'student status', 'row', 'row number', 'line',
      'line number', 'count', 'record', 'dept', 'employee type@0.7', 'worker type@0.7', 'fte', 'job code@0.5',
      // Not the member's own data: coverage dates, other people, insurance amounts, record keeping.
      'benefit begin date', 'benefit start date', 'benefit end date', 'coverage begin date', 'coverage start date',
      'coverage end date', 'coverage effective from', 'coverage effective to', 'plan begin date', 'plan start date', 'enrollment date', 'province', 'state province',
      'territory', 'region', 'country code', 'life volume', 'volume', 'benefit amount', 'coverage amount', 'face amount',
      'sum insured', 'life coverage', 'amount insured', 'insured amount',
      'date loaded', 'load date', 'date created', 'created date', 'last updated', 'date updated', 'date modified',
      'manager name', 'supervisor name', 'reports to', 'reports to name', 'emergency contact', 'plan sponsor',
      'sponsor', 'maintenance type code', 'maintenance reason code', 'workers comp code', 'wc code',
      'option group', 'qualified employee', 'number children', 'number dependents', 'dependents',
      // what the row asks the carrier to do (Add, Change, Term, Decline), as an 834's maintenance code
      'activity flag', 'activity code', 'activity type', 'transaction type', 'transaction code', 'action code',
    ],
  },
  abbreviations: {
    ee: 'employee', emp: 'employee', empl: 'employee', employe: 'employee', employees: 'employee', ees: 'employee',
    mbr: 'member', mem: 'member', members: 'member', subscr: 'subscriber', subsc: 'subscriber', ins: 'insured', sub: 'subscriber',
    dep: 'dependent', deps: 'dependent', dependant: 'dependent', dependents: 'dependent', dpnd: 'dependent',
    sp: 'spouse', sps: 'spouse', spouses: 'spouse', ch: 'child', chld: 'child', chd: 'child', kids: 'kid',
    dob: 'date birth', bdate: 'birth date', birthdate: 'birth date', bday: 'birth date', bdt: 'birth date',
    doh: 'hire date', hiredate: 'hire date', dt: 'date', dte: 'date', yr: 'year', yrs: 'years',
    no: 'number', num: 'number', nbr: 'number', nr: 'number', nmbr: 'number', ident: 'id',
    soc: 'social', sec: 'security', addr: 'address', resid: 'resident', res: 'resident', residential: 'residential',
    zipcode: 'zip code', postalcode: 'postal code', sal: 'salary', salry: 'salary', comp: 'compensation', ben: 'benefit',
    compensations: 'compensation', ann: 'annual', annl: 'annual', anl: 'annual', annually: 'annual',
    yearly: 'yearly', mo: 'monthly', mth: 'monthly', mthly: 'monthly', mnthly: 'monthly', mon: 'monthly',
    month: 'monthly', hrly: 'hourly', hr: 'hour', hrs: 'hours', wk: 'week', wkly: 'weekly', weekly: 'weekly',
    std: 'standard', sched: 'scheduled', schd: 'scheduled', avg: 'average', rel: 'relationship',
    rela: 'relationship', reln: 'relationship', relat: 'relationship', rltn: 'relationship',
    rlshp: 'relationship', relshp: 'relationship', relation: 'relation', relationships: 'relationship',
    cov: 'coverage', covg: 'coverage', cvg: 'coverage', lvl: 'level', stat: 'status', sts: 'status',
    stts: 'status', gndr: 'gender', fname: 'first name', firstname: 'first name', lname: 'last name',
    lastname: 'last name', mname: 'middle name', nm: 'name', occ: 'occupation', pos: 'position', ttl: 'title',
    tob: 'tobacco', smkr: 'smoker', elig: 'eligibility', eff: 'effective', term: 'termination', dept: 'department',
    orig: 'original', org: 'original', svc: 'service', srvc: 'service', mi: 'mi', med: 'medical',
    ind: 'indicator', ssnum: 'ssn', socsec: 'social security', tel: 'phone', ph: 'phone', amt: 'amount', pct: 'percent',
    eeid: 'employee id', empid: 'employee id', empno: 'employee number', empnum: 'employee number',
    memberid: 'member id', subscriberid: 'subscriber id', zip4: 'zip 4', dateofbirth: 'date birth',
    dateofhire: 'hire date', birthday: 'birthday', gend: 'gender', sx: 'sex', smoke: 'smoker', smk: 'smoker',
  },
  stopwords: ['of', 'the', 'to', 'a', 'an', 'for', 'in', 'on', 'at', 'by', 'and', 'or', 'is', 'with', 'per', 'as'],
  noise: [
    'mm', 'dd', 'yy', 'yyyy', 'mmddyyyy', 'mmddyy', 'yyyymmdd', 'ddmmyyyy', 'required', 'optional', 'req',
    'opt', 'format', 'usd', 'e.g', 'eg', 'ex', 'if', 'applicable', 'only', 'please', 'enter', 'x', 'xx', 'xxx',
    // "(Y/N)" is a hint about the values, not a word of the header.
    'y', 'n',
  ],
  neutral: [
    'employee', 'member', 'subscriber', 'insured', 'home', 'primary', 'current', 'legal', 'residence', 'dependent',
    'resident', 'residential', 'mailing', 'participant', 'worker', 'associate', 'personal', 'person', 'actual',
    'full', 'code', 'value', 'data', 'info', 'information', 'field', 'indicator', 'flag', 'type', 'abbreviation',
    'text', 'desc', 'description', 'enrollee', 'policyholder', 'individual', 'census', 'reported',
  ],
  negative: [
    'spouse', 'child', 'partner', 'wife', 'husband', 'son', 'daughter', 'kid', 'beneficiary',
    'emergency', 'contact', 'manager', 'supervisor', 'middle', 'maiden', 'previous', 'prior', 'former', 'termination',
    'terminated', 'plan', 'premium', 'cost', 'contribution', 'deduction', 'bonus', 'commission', 'ytd', 'email',
    'phone', 'address', 'street', 'city', 'county', 'country', 'updated', 'modified', 'changed', 'change',
    'created', 'login', 'review', 'day', 'quarter', 'effective', 'band', 'group', 'range', 'bucket', 'department',
    'division', 'location', 'company', 'employer', 'reason', 'count', 'total', 'sum', 'marital', 'retirement',
    'medicare', 'cobra', 'waiver', 'waive', 'waiving', 'waived', 'end', 'expiration', 'expiry', 'rehire', 'last', 'first',
  ],
  dependentWords: ['spouse', 'child', 'partner', 'wife', 'husband', 'son', 'daughter', 'kid'],
  codes: {
    relationship: {
      employee: [
        'Employee', 'Self', 'Subscriber', 'Member', 'Insured', 'Primary', 'Primary Insured', 'Principal',
        'Policyholder', 'Policy Holder', 'Retiree', 'Enrollee', 'Participant', 'Worker', 'Associate', 'Staff',
        'Head', 'Emp Self', 'Employee Self', 'Employee Only', 'Owner', 'Cardholder', 'Card Holder',
      ],
      spouse: [
        'Spouse', 'Wife', 'Husband', 'Married Partner', 'Legal Spouse', 'Spouse of Employee', 'Spouse Partner',
        'Sp Dep',
      ],
      domesticPartner: [
        'Domestic Partner', 'Partner', 'Life Partner', 'Civil Union', 'Civil Union Partner', 'Dom Partner',
        'DomPartner', 'Same Sex Partner', 'Registered Partner', 'Companion', 'Significant Other',
      ],
      child: [
        'Child', 'Children', 'Kid', 'Dependent', 'Dependant', 'Dependent Child', 'Son', 'Daughter',
        'Step Child', 'Stepchild', 'Step Son', 'Stepson', 'Step Daughter', 'Stepdaughter', 'Foster Child',
        'Adopted Child', 'Adopted', 'Natural Child', 'Dep Child', 'Child Dependent', 'Disabled Child',
        'Handicapped Child', 'Student', 'Ward', 'Legal Ward', 'Grandchild', 'Grand Child', 'Grandson',
        'Granddaughter', 'Child of Domestic Partner', 'Domestic Partner Child', 'Sons', 'Daughters', 'Newborn',
        'Baby',
      ],
      other: [
        'Other', 'Other Dependent', 'Parent', 'Mother', 'Father', 'Sibling', 'Sister', 'Brother', 'Relative',
        'Grandparent', 'Grandmother', 'Grandfather', 'Grandchild', 'Parent-in-law', 'Mother-in-law', 'Father-in-law',
      ],
    },
    gender: {
      male: [
        'Male', 'Man', 'Men', 'Boy', 'Masculine', 'Mr', 'Males', 'Mal', 'Ml',
      ],
      female: [
        'Female', 'Woman', 'Women', 'Girl', 'Feminine', 'Ms', 'Mrs', 'Miss', 'Females', 'Fem', 'Fe',
      ],
      unknown: [
        'Unknown', 'Non Binary', 'Nonbinary', 'Non-binary', 'Other', 'Undisclosed', 'Not Specified',
        'Unspecified', 'Not Disclosed', 'Declined', 'Prefer not to say', 'Prefer not to answer',
        'Not Provided', 'Intersex', 'Undeclared', 'Not Stated', 'Gender Neutral', 'Neutral',
        // titles that tell no sex (a 'titleOfCourtesy' column read as the gender)
        'Dr', 'Doctor', 'Prof', 'Professor', 'Mx', 'Rev',
      ],
    },
    status: {
      active: [
        'Active', 'Actv', 'Active Employee', 'Actively at Work', 'Active at Work', 'Employed', 'Current',
        'Working', 'Full Time', 'Fulltime', 'Part Time', 'Parttime', 'Active FT', 'Active PT',
        'Active Full Time', 'Active Part Time', 'Regular', 'Reg', 'Seasonal', 'Temporary', 'Temp', 'Variable',
        'Enrolled', 'Covered', 'Yes', 'Hired', 'New Hire', 'Rehire', 'Rehired', 'Salaried', 'Hourly', 'Exempt',
        'Non Exempt', 'Nonexempt', 'Benefits Eligible', 'Eligible', 'Actively Working', 'Open', 'Permanent', 'Perm',
      ],
      cobra: [
        'Cobra Continuation', 'COBRA Participant', 'On COBRA', 'State Continuation', 'Continuation',
        'Cal COBRA', 'CalCOBRA', 'Mini COBRA', 'Continuant', 'COBRA Qualified Beneficiary',
      ],
      leave: [
        'Leave', 'On Leave', 'Leave of Absence', 'Disability', 'Disabled', 'Short Term Disability',
        'Long Term Disability', 'Military Leave', 'Maternity Leave', 'Paternity Leave', 'Medical Leave',
        'Personal Leave', 'Paid Leave', 'Unpaid Leave', 'Furlough', 'Furloughed', 'Layoff', 'Laid Off',
        'Suspended', 'Sabbatical', 'Workers Comp', 'Workers Compensation', 'Leave With Pay',
        'Leave Without Pay',
      ],
      retired: [
        'Retired', 'Retiree', 'Retirement', 'Early Retiree', 'Early Retired', 'Pensioner',
      ],
      terminated: [
        'Terminated', 'Termed', 'Term', 'Termination', 'Inactive', 'Separated', 'Resigned', 'Resignation',
        'Quit', 'Fired', 'Dismissed', 'Discharged', 'Former', 'Former Employee', 'Ex Employee',
        'No Longer Employed', 'Not Active', 'No', 'Ended', 'Cancelled', 'Canceled', 'Withdrawn',
      ],
      waived: [
        'Waive', 'Waived', 'Waiver', 'Waives', 'Declined', 'Decline', 'Declined Coverage', 'Waived Coverage',
        'Opted Out', 'Opt Out', 'Not Enrolled', 'No Coverage', 'Ineligible', 'Not Eligible',
      ],
      deceased: [
        'Deceased', 'Dead', 'Died', 'Death', 'Expired', 'Passed Away', 'Passed',
      ],
    },
    tier: {
      EE: [
        'EE Only', 'Employee', 'Employee Only', 'Emp Only', 'Employee Alone', 'Single', 'Individual', 'Indiv',
        'Self', 'Self Only', 'Subscriber Only', 'Member Only', 'One Person', 'Tier 1', 'Solo', 'Just Me',
        'Retiree Only',
      ],
      ES: [
        'EE Spouse', 'EE + Spouse', 'Employee Spouse', 'Employee + Spouse', 'Employee and Spouse',
        'Emp Spouse', 'Emp + Spouse', 'Two Person', '2 Person', 'Couple', 'Employee Partner',
        'Employee + Partner', 'Employee Domestic Partner', 'Employee + Domestic Partner', 'Member Spouse',
        'Member + Spouse', 'Subscriber Spouse', 'EE1 Plus', 'Employee + 1', 'Employee Plus One',
        'Employee+One', 'Plus One', 'Two Party', 'Two-Party', 'Emp + Sps',
      ],
      EC: [
        'EE Child', 'EE + Child', 'EE Children', 'EE + Children', 'EE Child(ren)', 'EE+Child(ren)',
        'Employee Child', 'Employee + Child', 'Employee + Children', 'Employee Child(ren)',
        'Employee + Child(ren)', 'Employee and Child', 'Employee and Children', 'Employee and Child(ren)',
        'Emp Child', 'Emp + Child', 'Parent Child', 'Parent + Child', 'Parent Children', 'Single Parent',
        'Member Child', 'Member + Child', 'EE+Kids', 'Employee + Kids', 'EE + Dependents', 'EE Dep', 'EE+Dep',
      ],
      EF: [
        'Family', 'EE Family', 'EE + Family', 'EE + Fam', 'Employee Family', 'Employee + Family',
        'Employee and Family', 'Emp + Family', 'Employee Spouse Children', 'Employee + Spouse + Children',
        'Employee + Spouse + Child(ren)', 'Employee, Spouse and Children', 'EE + 2 or more',
        'Employee + 2 or more', 'Full Family', 'Family Coverage', 'Spouse and Children', 'Spouse + Children',
      ],
      waived: [
        'Waive', 'Waived', 'Waiver', 'Declined', 'Decline', 'Declined Coverage', 'Waived Coverage', 'None',
        'No Coverage', 'Opt Out', 'Opted Out', 'Not Enrolled', 'Not Covered',
      ],
    },
    tobacco: {
      yes: [
        'Yes', 'True', 'Smoker', 'Tobacco', 'Tobacco User', 'User', 'Uses Tobacco',
      ],
      no: [
        'No', 'False', 'Non Smoker', 'Nonsmoker', 'Non-Smoker', 'Non Tobacco', 'Non-Tobacco', 'Nontobacco',
        'Non Tobacco User', 'Non User', 'Nonuser', 'None', 'Never',
      ],
    },
    yes: ['Yes', 'True'],
    no: ['No', 'False'],
  },
  codeHints: {
    relationship: {
      domesticPartner: ['domestic', 'partner', 'civil'],
      spouse: ['spouse', 'wife', 'husband'],
      child: ['child', 'children', 'son', 'daughter', 'kid', 'dependent', 'dependant', 'stepchild', 'ward'],
      employee: ['employee', 'self', 'subscriber', 'insured', 'member'],
    },
    status: {
      deceased: ['deceased', 'died', 'death'],
      cobra: ['cobra', 'continuation'],
      retired: ['retire*'],
      terminated: ['term', 'terminated', 'termed', 'inactive', 'separated', 'resigned'],
      waived: ['waive', 'waived', 'declined'],
      leave: ['leave', 'loa', 'fmla', 'disability'],
      active: ['active', 'full time', 'fulltime', 'part time', 'parttime'],
    },
    tier: {
      waived: ['waive', 'waived', 'waiver', 'decline', 'declined', 'no coverage'],
      EF: ['fam', 'family'],
      ES: ['spouse', 'sp', 'sps', 'partner', 'dp'],
      EC: ['child', 'children', 'ch', 'kid', 'kids', 'dependent', 'dependents'],
      EE: ['only', 'single', 'individual', 'alone'],
    },
  },
  months: [
    ['january', 'jan'], ['february', 'feb'], ['march', 'mar'], ['april', 'apr'], ['may'], ['june', 'jun'],
    ['july', 'jul'], ['august', 'aug'], ['september', 'sep', 'sept'], ['october', 'oct'], ['november', 'nov'], ['december', 'dec'],
  ],
  placeholders: ['n/a', 'na', 'none', 'unknown', 'unk', 'missing', 'tbd', '-', '?'],
  descriptive: ['required', 'optional', 'mandatory', 'conditional', 'format', 'example', 'numeric', 'enter', 'select'],
  roles: {
    pay: ['pay', 'payment', 'salary', 'rate', 'wage', 'wages', 'comp', 'compensation', 'earning', 'earnings', 'remuneration'],
    payMode: ['mode', 'type', 'basis', 'frequency', 'freq', 'unit', 'class', 'description', 'desc', 'code', 'period', 'per', 'schedule'],
    payModePhrase: ['salary mode', 'salary or hourly', 'salaried or hourly', 'salary/hourly', 'salaried/hourly', 'hourly or salary', 'hourly or salaried', 'hourly/salary', 'hourly/salaried'],
    payModePair: ['s', 'h', 'sal', 'salary', 'salaried', 'hr', 'hrly', 'hourly'],
    paySchedule: ['frequency', 'freq', 'schedule', 'period', 'cycle'],
    period: ['annual', 'annually', 'annualized', 'annualised', 'yearly', 'monthly', 'hourly', 'weekly', 'per hour', 'per month', 'per year', 'per week'],
    payAmount: ['rate', 'salary', 'pay', 'wage', 'wages', 'compensation', 'comp', 'earnings', 'amount'],
    yearPay: ['salary', 'salaried', 'annual', 'wage', 'wages'],
    hourPay: ['hourly', 'hour', 'rate'],
    either: ['or', 'and'],
    rehire: ['rehire', 'rehired', 're hire', 're hired', 'reinstatement', 'reinstated', 'return to work'],
    exit: ['termination', 'term', 'termed', 'terminated', 'exit', 'separation', 'separated', 'leaving', 'leaver', 'last day'],
    exitDate: ['date', 'dt'],
    date: ['date', 'dt', 'day', 'on'],
    notEmployment: ['coverage', 'benefit', 'plan', 'cobra', 'policy', 'contract', 'eligibility', 'elig', 'insurance', 'medical', 'dental', 'vision', 'enrollment'],
    sequence: ['seq', 'sequence', 'suffix', 'sfx', 'person no', 'person number', 'person nbr', 'person #', 'dependent no', 'dependent number', 'dependent nbr', 'dependent #'],
    flagLead: ['is', 'the'],
    flagPerson: ['subscriber', 'self', 'primary', 'primary insured', 'employee', 'policy holder', 'policyholder', 'insured'],
    flagSuffix: ['indicator', 'ind', 'flag', '?', 'y/n', 'yn', 'y n', '(y/n)', '(y n)', '(yn)', 'yes/no'],
  },
  rules: {
    helpSheet: ['instruction*', 'example*', 'sample*', 'legend*', 'list', 'lists', 'drop down*', 'lookup*', 'look up*', 'code', 'codes', 'definition*', 'help', 'read me*', 'readme*', 'guide*', 'note', 'notes'],
    formSheet: [
      'question*', 'form', 'signature*', 'valid*', 'values', 'options', 'setup', 'cover', 'survey*', 'summary*', 'summaries', 'pivot*',
      'company info*', 'company details', 'company profile', 'company questionnaire', 'employer info*', 'employer details', 'employer profile', 'employer questionnaire',
      'group info*', 'group details', 'group profile', 'group questionnaire', 'client info*', 'client details', 'client profile', 'client questionnaire',
    ],
    dependentSheet: ['dep*', 'spouse*', 'child*', 'famil*'],
    petSheet: ['pet', 'pets', 'animal', 'animals', 'dog', 'dogs', 'cat', 'cats', 'my pet', 'my pets', 'our pets', 'family pets', 'my animals', 'our animals', 'my dogs', 'my cats'],
    pets: [
      'dog', 'cat', 'puppy', 'kitten', 'canine', 'feline', 'bird', 'parrot', 'budgie', 'rabbit', 'bunny', 'hamster',
      'guinea pig', 'ferret', 'horse', 'pony', 'fish', 'turtle', 'tortoise', 'snake', 'lizard', 'gecko', 'iguana',
      'labrador', 'retriever', 'golden retriever', 'poodle', 'beagle', 'bulldog', 'terrier', 'dachshund', 'shepherd',
      'german shepherd', 'chihuahua', 'husky', 'boxer', 'pug', 'tabby', 'siamese', 'persian', 'maine coon', 'mixed breed', 'mix',
    ],
    householdPerson: ['subscriber', 'employee', 'emp', 'ee', 'primary', 'insured', 'policyholder', 'holder', 'member', 'family', 'household'],
    ownPerson: ['dependent', 'dep', 'dependant', 'member', 'enrollee', 'patient'],
    employeePerson: ['employee', 'emp', 'ee', 'subscriber', 'insured', 'primary'],
    coarseRelationship: ['employee', 'ee', 'e', 'emp', 'subscriber', 'sub', 's', 'self', 'member', 'insured', 'primary', 'dependent', 'dependant', 'dep', 'd', 'y', 'n', 'yes', 'no'],
    medical: ['medical', 'health', 'med', 'major medical'],
    otherProduct: ['dental', 'vision', 'life', 'std', 'ltd'],
    activeFlag: ['active', 'eligible', 'eligibility', 'employed', 'actively'],
    flagWords: ['flag', 'indicator', 'status', 'currently', 'current', 'code', 'yes', 'no', 'employee', 'member', 'is'],
    stillWorking: ['current', 'currently', 'working'],
    statusName: ['status'],
    statusQualifier: ['employment', 'employee', 'emp', 'work', 'job', 'code', 'flag'],
    ssnHeader: ['ssn', 'social security', 'soc sec', 'tax id', 'tin'],
    country: ['country'],
    province: ['province'],
    region: ['state'],
    placePlaceholder: ['state', 'city', 'county', 'country', 'province', 'zip', 'town'],
    numberedDependent: ['dependent', 'dep', 'child', 'spouse', 'partner', 'kid'],
    example: ['example', 'sample', 'e g', 'for example'],
    footer: [
      'total', 'totals', 'grand total', 'grand totals', 'sub total', 'sub totals', 'subtotal', 'subtotals',
      'count of', 'count employees', 'count members', 'count lives', 'sum of', 'sum employees', 'sum members', 'sum lives',
      'average of', 'average employees', 'average members', 'average lives', 'avg of', 'avg employees', 'avg members', 'avg lives',
      'number of', 'number employees', 'number members', 'number lives',
      'prepared', 'note', 'notes', 'source', 'confidential', 'disclaimer', 'printed', 'generated',
      'report run', 'report generated', 'report date', 'end of', 'eof',
    ],
    marker: ['required', 'optional', 'mandatory', 'conditional', 'recommended', 'req', 'opt', 'if applicable', 'as applicable', 'required field', 'optional field', 'n a if none', 'na if none'],
    instruction: ['enter', 'select', 'choose', 'use', 'list', 'provide', 'include'],
    formatHint: ['numeric', 'number', 'text', 'digit', 'digits', 'format', 'whole number', 'decimal', 'e g', 'example', 'yyyy', 'ccyymmdd', 'yyyymmdd'],
    jobWords: [
      'manager', 'managers', 'director', 'engineer', 'technician', 'tech', 'analyst', 'assistant', 'specialist', 'coordinator', 'administrator',
      'admin', 'accountant', 'consultant', 'supervisor', 'representative', 'rep', 'developer', 'officer', 'clerk', 'nurse', 'driver',
      'operator', 'associate', 'designer', 'architect', 'intern', 'president', 'vp', 'ceo', 'cfo', 'coo', 'cto', 'cio', 'teacher', 'agent',
      'attorney', 'paralegal', 'receptionist', 'secretary', 'cashier', 'mechanic', 'electrician', 'programmer', 'scientist', 'planner',
      'buyer', 'recruiter', 'trainer', 'advisor', 'adviser', 'auditor', 'controller', 'dba', 'physician', 'therapist', 'pharmacist',
      'dentist', 'hygienist', 'machinist', 'welder', 'laborer', 'labourer', 'carpenter', 'plumber', 'foreman', 'chef', 'cook', 'housekeeper',
      'janitor', 'custodian', 'guard', 'dispatcher', 'estimator', 'underwriter', 'adjuster', 'bookkeeper', 'editor', 'writer', 'producer',
      'instructor', 'professor', 'counselor', 'librarian', 'pilot', 'technologist', 'salesperson', 'salesman', 'executive', 'founder',
      'worker', 'helper', 'handler', 'installer', 'inspector', 'investigator', 'lead', 'leader', 'chief', 'generalist', 'strategist',
      'scheduler', 'medic', 'paramedic', 'aide', 'caregiver', 'practitioner',
    ],
    registerTotal: ['employee total', 'employee totals', 'employee tot'],
    registerPerson: ['emp', 'employee'],
    registerId: ['#', 'no', 'id', 'number'],
    registerName: ['name'],
    dayLetters: ['dd'],
    monthLetters: ['mm'],
    yearLetters: ['yy', 'yyyy', 'ccyy'],
    vetoWords: ['manager', 'supervisor', 'sponsor', 'volume', 'amount', 'satisfaction', 'loaded', 'created', 'updated',
  'modified', 'rating', 'score', 'distance', 'balance', 'stock', 'option', 'education', 'performance',
  'companies', 'count', 'emergency', 'contact', 'beneficiary', 'spouse', 'reports', 'plan', 'premium',
  'deduction', 'contribution', 'attrition', 'overtime', 'wellness', 'survey', 'bonus', 'commission',],
  },
  lexicon: {
    heads: HEADS,
    movesAway: MOVES_AWAY,
    neutral: ['employee', 'member', 'subscriber', 'participant', 'current', 'home', 'primary', 'worker', 'person'],
  },
};
