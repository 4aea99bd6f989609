/**
 * The header patterns of the role rules (roles.ts) and of the table-wide pay rules (index.ts), made from
 * the language packs' role words (lang/types.ts RoleWords): no word is written here, only how words
 * combine (a pay word then a pay-mode word; an exit word and a date word; two pay kinds joined by 'or').
 * A header is folded as the packs' words are (lower case, accents stripped) before it is tested.
 */
import { foldWord, roleWords, type RoleWords } from '../lang';
import { escapeForPattern } from '../lang/rule-words';

/** One kind's words as an alternation: longest first, spaces optional, a '/' with spaces around it or none. */
function alt(kind: keyof RoleWords): string {
  const words = roleWords(kind);
  if (words.length === 0) return '(?!)';
  return `(?:${words
    .sort((a, b) => b.length - a.length)
    .map((w) => escapeForPattern(w).replace(/\s+/g, '\\s*').replace(/\//g, '\\s*\\/\\s*'))
    .join('|')})`;
}

const PAY = alt('pay');
const EXIT = alt('exit');
const EITHER = alt('either');
const YEAR_PAY = alt('yearPay');
const HOUR_PAY = alt('hourPay');
const PAIR = alt('payModePair');
const ACTS = `(?:\\/|-|${EITHER})`;

const patterns = {
  payMode: new RegExp(`\\b${PAY}\\s*${alt('payMode')}\\b|\\b${alt('payModePhrase')}\\b`),
  payModePair: new RegExp(`^\\s*${PAIR}\\s*${ACTS}\\s*${PAIR}\\s*\\??\\s*$`),
  pay: new RegExp(`\\b${PAY}\\b`),
  paySchedule: new RegExp(alt('paySchedule')),
  period: new RegExp(`\\b${alt('period')}\\b`),
  payAmount: new RegExp(`\\b${alt('payAmount')}\\b`),
  mixedPay: new RegExp(`\\b${YEAR_PAY}\\b.*\\b${EITHER}\\b.*\\b${HOUR_PAY}\\b|\\b${HOUR_PAY}\\b.*\\b${EITHER}\\b.*\\b${YEAR_PAY}\\b`),
  twoChoices: new RegExp(`\\b${EITHER}\\b|\\/`),
  rehire: new RegExp(`\\b${alt('rehire')}\\b`),
  exit: new RegExp(`\\b${EXIT}${alt('exitDate')}?\\b`),
  date: new RegExp(`\\b${alt('date')}\\b|\\b${EXIT}${alt('exitDate')}\\b`),
  notEmployment: new RegExp(`\\b${alt('notEmployment')}\\b`),
  sequence: new RegExp(`\\b${alt('sequence')}\\b`),
  subscriberFlag: new RegExp(`^\\s*(?:${alt('flagLead')}\\s+)*${alt('flagPerson')}\\s*${alt('flagSuffix')}?\\s*$`),
};

/** What a header says, by the packs' role words. */
export type RoleSaying = keyof typeof patterns;

/** Whether a header says it (see `patterns`): a pay mode, a pay word, a period, an exit, a date ... */
export function says(what: RoleSaying, header: string): boolean {
  return patterns[what].test(foldWord(header));
}
