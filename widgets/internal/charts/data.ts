/** Data helpers of the chart elements that do not need Chart.js (the map imports only these). */

/** True for a missing or empty data object (the spec: 'No data available' for an empty object). */
export function isEmptyData(data: unknown): boolean {
  return !data || typeof data !== 'object' || Object.keys(data as object).length === 0;
}
