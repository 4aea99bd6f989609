#!/usr/bin/env node
/**
 * Makes the fictional census files in examples/census/ (committed; run again after changing this
 * script: the output is the same bytes for the same script, the people come from a seeded random
 * generator).
 *
 * - sample-census.xlsx: the sample case the server shows at /tools/census/sample (server/cases/
 *   sample.ts): one sheet, one row per member (long layout), 36 employees with spouses and
 *   children in nine states, hourly and salaried pay, a retiree, a terminated member and a COBRA
 *   member, so that every card of the report and its reading panel have something to show.
 * - staff.xlsx + dependents.csv: the same people split into an employees workbook and a dependents
 *   file linked by Employee ID (the README's and docs/census-cli.md's two-file example).
 * - locked.xlsx: staff.xlsx protected with the password `secret` (its encryption salt is random, so
 *   this one file changes on every run).
 *
 * Every person, employer and address is invented. `node scripts/gen-sample-census.mjs`
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import officeCrypto from 'officecrypto-tool';
import * as XLSX from 'xlsx';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = join(root, 'examples/census');
export const LOCKED_PASSWORD = 'secret';

/** mulberry32: a small seeded generator, so the files are the same on every run. */
function rng(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = rng(20261123);
const pick = (list) => list[Math.floor(rand() * list.length)];
const between = (lo, hi) => lo + Math.floor(rand() * (hi - lo + 1));

const FEMALE = ['Olivia', 'Maya', 'Grace', 'Nora', 'Leah', 'Camila', 'Priya', 'Hannah', 'Elena', 'Zoe', 'Aisha', 'Ruth', 'Ingrid', 'Lucia', 'Mei', 'Sadie'];
const MALE = ['Ethan', 'Marcus', 'Daniel', 'Omar', 'Luis', 'Henry', 'Samuel', 'Jonah', 'Tomas', 'Kenji', 'Felix', 'Andre', 'Caleb', 'Ravi', 'Owen', 'Victor'];
const LAST = ['Alder', 'Brennan', 'Castillo', 'Delacroix', 'Eastwood', 'Fairbanks', 'Galloway', 'Hartley', 'Iverson', 'Jennings', 'Kowalczyk', 'Lindgren', 'Mbeki', 'Nakamura', 'Okafor', 'Pennington', 'Quintero', 'Rasmussen', 'Sorensen', 'Thibault', 'Underhill', 'Valdez', 'Whitlock', 'Yamada', 'Zeller', 'Abernathy', 'Birch', 'Coleridge', 'Dunmore', 'Ellery', 'Fontaine', 'Greaves', 'Holloway', 'Ibarra', 'Jessup', 'Kilbride'];
/** Nine states, with a ZIP code of each (MA's starts with 0: the engine must keep it). */
const PLACES = [
  ['CA', '94107'], ['CA', '90012'], ['TX', '78701'], ['TX', '77002'], ['NY', '10001'], ['IL', '60601'],
  ['FL', '33130'], ['WA', '98101'], ['MA', '02134'], ['GA', '30303'], ['CO', '80202'],
];
const SALARIED = [['Underwriter', 68000, 98000], ['Account Manager', 58000, 82000], ['Actuarial Analyst', 72000, 115000], ['Software Engineer', 105000, 168000], ['Director of Operations', 150000, 210000], ['HR Generalist', 52000, 70000], ['Controller', 120000, 160000]];
const HOURLY = [['Customer Service Rep', 18, 24, 40], ['Claims Processor', 21, 28, 40], ['Mailroom Clerk', 16, 19, 30], ['Receptionist', 17, 21, 32], ['Data Entry Specialist', 19, 25, 40]];

const iso = (y, m, d) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
const usDate = (isoDate) => {
  const [y, m, d] = isoDate.split('-');
  return `${m}/${d}/${y}`;
};

const HEADERS = ['Employee ID', 'Relationship', 'First Name', 'Last Name', 'Gender', 'Date of Birth', 'Hire Date', 'Job Title', 'Pay Type', 'Annual Salary', 'Hourly Rate', 'Hours per Week', 'ZIP', 'State', 'Status', 'Coverage Tier'];

const members = [];
for (let i = 0; i < 36; i++) {
  const id = `E${String(1001 + i)}`;
  const female = rand() < 0.5;
  const first = female ? FEMALE[i % FEMALE.length] : MALE[i % MALE.length];
  const last = LAST[i];
  const [state, zip] = PLACES[i % PLACES.length];
  const age = between(22, 63);
  const birth = iso(2026 - age, between(1, 12), between(1, 28));
  const hire = iso(between(Math.max(2026 - age + 20, 2003), 2025), between(1, 12), between(1, 28));
  const hourly = i % 3 === 1;
  const job = hourly ? pick(HOURLY) : pick(SALARIED);
  // The as-of date is the upload date: the retiree and the terminated member are the last two.
  const status = i === 34 ? 'Retired' : i === 35 ? 'Terminated' : i === 20 ? 'COBRA' : 'Active';
  const hasSpouse = rand() < 0.55 && status !== 'Terminated';
  const kids = status === 'Active' && age < 55 ? [0, 0, 1, 1, 2, 3][between(0, 5)] : 0;
  const tier = status === 'Terminated' ? '' : hasSpouse && kids ? 'Family' : hasSpouse ? 'Employee + Spouse' : kids ? 'Employee + Children' : 'Employee Only';
  members.push({
    id, rel: 'Employee', first, last, gender: female ? 'F' : 'M', birth, hire, job: job[0],
    payType: hourly ? 'Hourly' : 'Salaried',
    salary: hourly ? '' : Math.round(between(job[1], job[2]) / 500) * 500,
    rate: hourly ? (between(job[1] * 4, job[2] * 4) / 4).toFixed(2) : '',
    hours: hourly ? job[3] : '',
    zip, state, status, tier,
  });
  if (hasSpouse) {
    const spouseFemale = !female;
    const sAge = Math.min(70, Math.max(21, age + between(-5, 5)));
    members.push({
      id, rel: 'Spouse', first: spouseFemale ? pick(FEMALE) : pick(MALE), last, gender: spouseFemale ? 'F' : 'M',
      birth: iso(2026 - sAge, between(1, 12), between(1, 28)), hire: '', job: '', payType: '', salary: '', rate: '', hours: '', zip: '', state: '', status: '', tier: '',
    });
  }
  for (let k = 0; k < kids; k++) {
    const kidFemale = rand() < 0.5;
    const kAge = between(0, Math.min(25, age - 20));
    members.push({
      // Two children have no gender in the file: the engine infers it from the first name (and says so).
      id, rel: 'Child', first: kidFemale ? pick(FEMALE) : pick(MALE), last, gender: members.length % 9 === 0 ? '' : kidFemale ? 'F' : 'M',
      birth: iso(2026 - kAge, between(1, 12), between(1, 28)), hire: '', job: '', payType: '', salary: '', rate: '', hours: '', zip: '', state: '', status: '', tier: '',
    });
  }
}

const rowOf = (m) => [m.id, m.rel, m.first, m.last, m.gender, usDate(m.birth), m.hire ? usDate(m.hire) : '', m.job, m.payType, m.salary, m.rate === '' ? '' : Number(m.rate), m.hours, m.zip, m.state, m.status, m.tier];

function workbook(sheetName, rows, title) {
  const aoa = [[title], [], HEADERS, ...rows];
  const ws = XLSX.utils.aoa_to_sheet(aoa);
  // ZIP codes as text, so 02134 keeps its zero in the file itself.
  const zipCol = HEADERS.indexOf('ZIP');
  for (let r = 3; r < aoa.length; r++) {
    const ref = XLSX.utils.encode_cell({ r, c: zipCol });
    if (ws[ref]) ws[ref] = { t: 's', v: String(aoa[r][zipCol]) };
  }
  ws['!cols'] = HEADERS.map((h) => ({ wch: Math.max(10, h.length + 2) }));
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, ws, sheetName);
  // No creation date or author in the file: the same script writes the same bytes.
  wb.Props = { Title: title, Author: 'Benefold sample data (fictional)', CreatedDate: new Date('2026-01-01T00:00:00Z') };
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', compression: true });
}

mkdirSync(outDir, { recursive: true });
const title = 'Northwind Mutual Group (fictional): benefits census';
writeFileSync(join(outDir, 'sample-census.xlsx'), workbook('Census', members.map(rowOf), title));

const employees = members.filter((m) => m.rel === 'Employee');
const staff = workbook('Employees', employees.map(rowOf), `${title}, employees`);
writeFileSync(join(outDir, 'staff.xlsx'), staff);
const deps = members.filter((m) => m.rel !== 'Employee');
const csv = [['Employee ID', 'Relationship', 'First Name', 'Last Name', 'Gender', 'Date of Birth'], ...deps.map((m) => [m.id, m.rel, m.first, m.last, m.gender, usDate(m.birth)])]
  .map((r) => r.join(','))
  .join('\r\n');
writeFileSync(join(outDir, 'dependents.csv'), `${csv}\r\n`);
writeFileSync(join(outDir, 'locked.xlsx'), officeCrypto.encrypt(staff, { password: LOCKED_PASSWORD }));

const count = (f) => members.filter(f).length;
console.log(
  `examples/census: ${employees.length} employees, ${count((m) => m.rel === 'Spouse')} spouses, ${count((m) => m.rel === 'Child')} children, ` +
    `${new Set(employees.map((m) => m.state)).size} states, ${count((m) => m.payType === 'Hourly')} hourly; sample-census.xlsx, staff.xlsx, dependents.csv, locked.xlsx`,
);
