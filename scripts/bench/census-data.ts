/**
 * The 5 MB census CSV of the benchmarks (census-bench.ts, census-private-bench.ts): realistic columns
 * (ids, names, relationships, birth and hire dates, zips and states, salaries, statuses, tiers), an
 * employee then maybe a spouse and children, from a fixed seed, just under 5 MB.
 */
export const CENSUS_CSV_BYTES = 5 * 1024 * 1024;
export function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
export const FIRST_M = ['James', 'Robert', 'John', 'Michael', 'David', 'William', 'Richard', 'Joseph', 'Thomas', 'Christopher', 'Daniel', 'Matthew', 'Anthony', 'Mark', 'José', 'Kevin'];
export const FIRST_F = ['Mary', 'Patricia', 'Jennifer', 'Linda', 'Elizabeth', 'Barbara', 'Susan', 'Jessica', 'Sarah', 'Karen', 'Lisa', 'Nancy', 'Zoë', 'Betty', 'Sandra', 'Ashley'];
export const LAST = ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas'];
export const PLACES: [string, string][] = [['02134', 'MA'], ['06103', 'CT'], ['10001', 'NY'], ['19103', 'PA'], ['20001', 'DC'], ['30303', 'GA'], ['33101', 'FL'], ['43215', 'OH'], ['55401', 'MN'], ['60601', 'IL'], ['73301', 'TX'], ['80202', 'CO'], ['85004', 'AZ'], ['94105', 'CA'], ['97201', 'OR'], ['98101', 'WA']];
export const TITLES = ['Nurse', 'Clerk', 'Driver', 'Analyst', 'Engineer', 'Technician', 'Sales Rep', 'Manager'];
export const DEPTS = ['Operations', 'Finance', 'Sales', 'IT', 'HR', 'Logistics'];
export const STATUS = ['Active', 'Active', 'Active', 'Active', 'Active', 'Active', 'Active', 'COBRA', 'Retired', 'Terminated'];
export const TIERS = ['EE', 'ES', 'EC', 'EF'];
export const HEADER = ['Employee ID', 'First Name', 'Last Name', 'Relationship', 'Date of Birth', 'Gender', 'Zip', 'State', 'Hire Date', 'Annual Salary', 'Employment Status', 'Coverage Tier', 'Job Title', 'Department'];

export type Row = (string | number | Date | null)[];

/** Census rows (an employee, then maybe a spouse and children), until `enough` says stop. */
export function* censusRows(seed: number): Generator<{ row: Row; dates: [Date | null, Date | null] }> {
  const r = rng(seed);
  const pick = <T>(a: T[]) => a[Math.floor(r() * a.length)];
  const day = (y0: number, span: number) => new Date(Date.UTC(y0 + Math.floor(r() * span), Math.floor(r() * 12), 1 + Math.floor(r() * 28)));
  for (let e = 0; ; e++) {
    const id = `E${String(100000 + e)}`;
    const last = pick(LAST);
    const [zip, state] = pick(PLACES);
    const male = r() < 0.5;
    const status = pick(STATUS);
    const dob = day(1958, 45);
    const hire = day(Math.max(dob.getUTCFullYear() + 18, 1985), 15);
    yield { row: [id, pick(male ? FIRST_M : FIRST_F), last, 'EE', null, male ? 'M' : 'F', zip, state, null, 25_000 + Math.round(r() * 180) * 1000, status, pick(TIERS), pick(TITLES), pick(DEPTS)], dates: [dob, hire] };
    if (r() < 0.55) yield { row: [id, pick(male ? FIRST_F : FIRST_M), last, 'SP', null, male ? 'F' : 'M', zip, state, null, null, r() < 0.5 ? status : null, null, null, null], dates: [day(1958, 45), null] };
    const kids = Math.floor(r() * 3);
    for (let k = 0; k < kids; k++) {
      const m = r() < 0.5;
      yield { row: [id, pick(m ? FIRST_M : FIRST_F), last, 'CH', null, m ? 'M' : 'F', zip, state, null, null, null, null, null, null], dates: [day(2000, 25), null] };
    }
  }
}

export const mdy = (d: Date | null) => (d ? `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}` : '');
export const csvCell = (v: string | number | Date | null) => (v === null ? '' : /[",\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v));

export function makeCsv(TARGET_BYTES = CENSUS_CSV_BYTES): { bytes: Uint8Array; rows: number } {
  const lines = [HEADER.join(',')];
  let size = lines[0].length + 2;
  let rows = 0;
  for (const { row, dates } of censusRows(1)) {
    row[4] = mdy(dates[0]);
    row[8] = mdy(dates[1]);
    const line = row.map(csvCell).join(',');
    if (size + line.length + 2 > TARGET_BYTES) break;
    lines.push(line);
    size += Buffer.byteLength(line) + 2;
    rows++;
  }
  return { bytes: new TextEncoder().encode(lines.join('\r\n') + '\r\n'), rows };
}

