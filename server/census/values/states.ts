/**
 * US states: USPS two-letter codes (DC and the territories included), full names, and the AP-style
 * abbreviations some HR systems write ("Calif.", "Mass."). And the state of a ZIP code.
 *
 * ZIP3 table: the first three digits of a ZIP code identify a USPS sectional center facility, each
 * assigned to one state. The ranges below are the USPS's public ZIP prefix assignments (as listed in
 * USPS Publication 65 / the National Five-Digit ZIP Code and Post Office Directory and the list of
 * ZIP code prefixes), written from those public facts as compact ranges. Prefixes that are unassigned
 * or military (APO/FPO AA, AE, AP) give no state. Known single-prefix exceptions are listed on their own
 * (005 Holtsville NY, 055 Andover MA, 201 Dulles VA, 569 DC, 733 Austin TX, 885 El Paso TX).
 */
import { foldCode } from '../text';

export const STATE_NAMES: Record<string, string> = {
  AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado',
  CT: 'Connecticut', DE: 'Delaware', DC: 'District of Columbia', FL: 'Florida', GA: 'Georgia',
  HI: 'Hawaii', ID: 'Idaho', IL: 'Illinois', IN: 'Indiana', IA: 'Iowa', KS: 'Kansas', KY: 'Kentucky',
  LA: 'Louisiana', ME: 'Maine', MD: 'Maryland', MA: 'Massachusetts', MI: 'Michigan', MN: 'Minnesota',
  MS: 'Mississippi', MO: 'Missouri', MT: 'Montana', NE: 'Nebraska', NV: 'Nevada', NH: 'New Hampshire',
  NJ: 'New Jersey', NM: 'New Mexico', NY: 'New York', NC: 'North Carolina', ND: 'North Dakota',
  OH: 'Ohio', OK: 'Oklahoma', OR: 'Oregon', PA: 'Pennsylvania', RI: 'Rhode Island',
  SC: 'South Carolina', SD: 'South Dakota', TN: 'Tennessee', TX: 'Texas', UT: 'Utah', VT: 'Vermont',
  VA: 'Virginia', WA: 'Washington', WV: 'West Virginia', WI: 'Wisconsin', WY: 'Wyoming',
  PR: 'Puerto Rico', VI: 'U.S. Virgin Islands', GU: 'Guam', AS: 'American Samoa',
  MP: 'Northern Mariana Islands',
};

/** Other spellings: AP abbreviations, common short forms. Folded (lower-case letters only). */
const ALIASES: Record<string, string> = {
  ala: 'AL', alaska: 'AK', ariz: 'AZ', ark: 'AR', calif: 'CA', cal: 'CA', colo: 'CO', conn: 'CT',
  del: 'DE', washingtondc: 'DC', dcwashington: 'DC', districtofcolumbia: 'DC', fla: 'FL', ga: 'GA',
  ill: 'IL', ind: 'IN', kan: 'KS', kans: 'KS', ky: 'KY', la: 'LA', md: 'MD', mass: 'MA', mich: 'MI',
  minn: 'MN', miss: 'MS', mo: 'MO', mont: 'MT', neb: 'NE', nebr: 'NE', nev: 'NV', nh: 'NH', nj: 'NJ',
  nm: 'NM', ny: 'NY', nc: 'NC', nd: 'ND', okla: 'OK', ore: 'OR', oreg: 'OR', pa: 'PA', penn: 'PA',
  penna: 'PA', ri: 'RI', sc: 'SC', sd: 'SD', tenn: 'TN', tex: 'TX', vt: 'VT', va: 'VA', wash: 'WA',
  wva: 'WV', wis: 'WI', wisc: 'WI', wyo: 'WY', usvi: 'VI', virginislands: 'VI', puertorico: 'PR',
  saipan: 'MP',
};

const LOOKUP = new Map<string, string>();
for (const [code, name] of Object.entries(STATE_NAMES)) {
  LOOKUP.set(code.toLowerCase(), code);
  LOOKUP.set(foldCode(name), code);
}
LOOKUP.set(foldCode('US Virgin Islands'), 'VI');
LOOKUP.set(foldCode('Virgin Islands'), 'VI');
for (const [alias, code] of Object.entries(ALIASES)) LOOKUP.set(alias, code);

/** USPS code for a state code or name ("ca", "California", "Calif.", "N.Y."), or null. */
export function stateCode(text: string): string | null {
  const s = text.trim();
  if (s.length === 2) {
    const up = s.toUpperCase();
    return STATE_NAMES[up] ? up : null;
  }
  return LOOKUP.get(foldCode(s)) ?? null;
}

/** ZIP3 prefix ranges -> state (see the header comment for the source). */
const ZIP3_RANGES =
  '005 NY,006-007 PR,008 VI,009 PR,010-027 MA,028-029 RI,030-038 NH,039-049 ME,050-054 VT,055 MA,' +
  '056-059 VT,060-069 CT,070-089 NJ,100-149 NY,150-196 PA,197-199 DE,200 DC,201 VA,202-205 DC,' +
  '206-219 MD,220-246 VA,247-268 WV,270-289 NC,290-299 SC,300-319 GA,320-339 FL,341-349 FL,' +
  '350-369 AL,370-385 TN,386-397 MS,398-399 GA,400-427 KY,430-459 OH,460-479 IN,480-499 MI,' +
  '500-528 IA,530-549 WI,550-567 MN,569 DC,570-577 SD,580-588 ND,590-599 MT,600-629 IL,630-658 MO,' +
  '660-679 KS,680-693 NE,700-715 LA,716-729 AR,730-732 OK,733 TX,734-749 OK,750-799 TX,800-816 CO,' +
  '820-831 WY,832-838 ID,840-847 UT,850-865 AZ,870-884 NM,885 TX,889-898 NV,900-961 CA,967-968 HI,' +
  '969 GU,970-979 OR,980-994 WA,995-999 AK';

const ZIP3 = new Array<string | null>(1000).fill(null);
for (const part of ZIP3_RANGES.split(',')) {
  const [range, state] = part.split(' ');
  const [from, to = from] = range.split('-');
  for (let p = Number(from); p <= Number(to); p++) ZIP3[p] = state;
}

/** The state a five-digit ZIP code belongs to, or null (unassigned or military prefix). */
export function stateFromZip(zip: string): string | null {
  if (zip.length < 3) return null;
  const p = Number(zip.slice(0, 3));
  return Number.isInteger(p) ? ZIP3[p] : null;
}

/** True when the ZIP's prefix is assigned to a state (a value profile for ZIP columns). */
export function isAssignedZip(zip: string): boolean {
  return stateFromZip(zip) !== null;
}
