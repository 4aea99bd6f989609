import { useEffect, useState } from 'react';

/** The year, as of the build in the prerendered HTML and as of today once hydrated. */
export function CurrentYear() {
  const [year, setYear] = useState(() => new Date().getFullYear());
  useEffect(() => setYear(new Date().getFullYear()), []);
  return <>{year}</>;
}
