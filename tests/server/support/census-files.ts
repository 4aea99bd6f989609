/** Generated census files of a known size and known figures (every member an active employee). */
const FIRST = ['James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth'];
const LAST = ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez'];

/** A long-layout CSV of `rows` distinct employees (so totalLives = rows). */
export function censusCsv(rows: number): Buffer {
  const lines = ['Employee ID,First Name,Last Name,Relationship,Date of Birth,Gender,Zip,Annual Salary,Status'];
  for (let i = 0; i < rows; i++) {
    const month = String((i % 12) + 1).padStart(2, '0');
    const day = String((i % 28) + 1).padStart(2, '0');
    const year = 1950 + (i % 50);
    lines.push(`E${String(i).padStart(7, '0')},${FIRST[i % 10]},${LAST[(i * 7) % 10]}${i},Employee,${month}/${day}/${year},${i % 2 ? 'F' : 'M'},0${2100 + (i % 50)},${30000 + (i % 90) * 1000},Active`);
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

/** The most rows that stay under `bytes`. */
export function censusCsvUnder(bytes: number): { csv: Buffer; rows: number } {
  let rows = Math.floor(bytes / 80);
  let csv = censusCsv(rows);
  while (csv.length > bytes) {
    rows = Math.floor(rows * 0.97);
    csv = censusCsv(rows);
  }
  return { csv, rows };
}
