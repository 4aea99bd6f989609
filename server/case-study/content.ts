/**
 * The case study's text: the PDF (pdf.ts, built by scripts/build-case-study-pdf.mjs) and the mail
 * that sends its link both read it from here. The headline figures come from shared/constants.ts
 * (CLAIMS.eoi) and the names and links from shared/brand.ts; nothing here repeats them.
 *
 * The client is fictional. Only the standard PDF fonts are used, so keep to characters of the
 * Windows-1252 set (en dashes and curly quotes are fine; no arrows or maths symbols).
 */
import { BRAND } from '../../shared/brand';
import { CLAIMS, LAYOUT } from '../../shared/constants';

const { weeks, before, after, shareOfCases } = CLAIMS.eoi;
const share = Number.parseInt(shareOfCases, 10);

export const CASE_STUDY = {
  fileName: BRAND.caseStudyName,
  /** Fixed, so that the same content always builds the same bytes. */
  publishedOn: new Date('2024-06-03T00:00:00Z'),
  label: 'CASE STUDY',
  title: `From ${before} to ${after}`,
  subtitle: `How a mid-sized US group life and disability carrier transformed evidence of insurability in ${weeks} weeks`,
  /** One line used in mail and metadata. */
  summary: `Evidence-of-insurability decisions cut from ${before} to ${after} for ${shareOfCases} of cases, in ${weeks} weeks.`,
  client: 'a mid-sized US group life and disability carrier',
  disclaimer: 'The carrier described in this study is fictional and stands for a typical client; it is not named.',

  coverStats: [
    { value: `${weeks} weeks`, label: 'from kickoff to full rollout' },
    { value: shareOfCases, label: `of EOI decisions made ${after}` },
    { value: before, label: 'typical decision time before' },
  ],

  atAGlance: [
    { term: 'Client', text: 'A mid-sized US group life and disability carrier (the \u201CCarrier\u201D)' },
    { term: 'Lines', text: 'Group term life, supplemental life, short- and long-term disability' },
    { term: 'Challenge', text: `Evidence-of-insurability (EOI) decisions took ${before}; applicants dropped out and brokers lost patience` },
    { term: 'Solution', text: `${BRAND.name} Group Underwriting: digital EOI, the Carrier's rules in a rule engine, data from enrollment` },
    { term: 'Timeline', text: `${weeks} weeks, from the first workshop to the whole block of business` },
    { term: 'Result', text: `${shareOfCases} of EOI applications decided ${after}` },
  ],

  situation: {
    heading: "The client's situation",
    paragraphs: [
      'When an employee elects life or disability coverage above the guaranteed-issue amount, or enrolls late, the carrier needs evidence of insurability: a health questionnaire, sometimes more, reviewed before the extra coverage can start. For the Carrier, that step had become the slowest and least loved part of the whole enrollment season.',
      'Applications arrived as PDFs attached to e-mails, as faxes and, from a few brokers, as paper in the post. A service team keyed each one into the policy administration system, then into the underwriting queue. Coverage amounts had to be looked up in a separate enrollment file. One in three applications was missing something – a signature, a salary, an answer – and went back to the member by letter.',
      `The result: a typical EOI decision took ${before}. Members who had elected extra coverage heard nothing for two months, many never finished the process, and brokers spent their time chasing status on behalf of their clients. Underwriters, meanwhile, spent most of their day on clean, low-risk applications that their own guidelines would have approved at a glance.`,
    ],
    painPoints: [
      'Forms received by e-mail, fax and post, keyed by hand into two systems',
      'Coverage and salary data looked up in a separate enrollment file',
      'Incomplete applications returned by letter, adding weeks each time',
      'No status for members or brokers until a decision letter arrived',
      'Underwriters reviewing every application, however simple',
    ],
    goal: `The Carrier's goal was simple to state: decide the straightforward cases at once, give underwriters complete files for the rest, and do it before the next enrollment season – ${weeks} weeks away.`,
  },

  programme: {
    heading: `The ${weeks}-week programme`,
    intro: `${BRAND.name} and the Carrier's underwriting, operations and IT leads worked as one team, with a weekly steering call and a working session every few days. The plan fixed the end date first and kept every week's outcome small enough to check.`,
    /** Workstreams for the timeline figure: first and last week, inclusive. */
    workstreams: [
      { name: 'Discovery', from: 1, to: 2 },
      { name: 'Underwriting rules', from: 2, to: 6 },
      { name: 'Digital EOI journey', from: 3, to: 5 },
      { name: 'Integrations', from: 4, to: 6 },
      { name: 'Testing and pilot', from: 6, to: 8 },
      { name: 'Rollout and hand-over', from: 8, to: 10 },
    ],
    team: [
      {
        side: 'From the Carrier',
        people: 'The vice president of underwriting as sponsor, two senior underwriters, an operations lead for the service team, and an IT lead for the integrations.',
      },
      {
        side: `From ${BRAND.name}`,
        people: 'A delivery lead, a solutions engineer for the journey and the integrations, and an underwriting rules specialist who wrote the first rule set with the Carrier.',
      },
    ],
    weeks: [
      {
        title: 'Discovery',
        text: 'Mapped the EOI journey end to end, from election to decision letter. Pulled twelve months of application history and agreed the measures of success: time to decision, share decided at submission, drop-outs.',
      },
      {
        title: 'Rules workshop',
        text: "Turned the Carrier's underwriting guidelines into explicit rules – amounts, ages, answers and combinations that can be approved at once, and those that always need an underwriter.",
      },
      {
        title: 'Digital EOI form',
        text: 'Configured a guided, mobile-friendly health questionnaire in the no-code journey builder, pre-filled with what enrollment already knows about the member.',
      },
      {
        title: 'Integrations',
        text: `Connected the enrollment and benefits-administration platforms (from the ${LAYOUT.integrationsClaim} available) and the policy administration system, so elections and coverage amounts flow in without re-keying.`,
      },
      {
        title: 'Document intake',
        text: 'Set up OCR and parsing for the paper and PDF forms that would keep arriving from some brokers, with the same normalisation as digital applications.',
      },
      {
        title: 'Rules testing',
        text: "Replayed six months of past applications through the rules and compared every outcome with the underwriters' decisions. Tuned the rules until every automatic approval matched one an underwriter had made.",
      },
      {
        title: 'Pilot',
        text: 'Went live with a group of employers and two broker partners. Underwriters reviewed every automatic decision in the pilot before it was released.',
      },
      {
        title: 'Notifications',
        text: 'Switched on trigger-based e-mails: reminders for unfinished questionnaires, requests for missing information, decisions, and status updates for brokers.',
      },
      {
        title: 'Rollout',
        text: 'Extended the new journey to the whole block of business, trained the underwriting and service teams, and released automatic decisions without review for the approved rule set.',
      },
      {
        title: 'Measure and hand over',
        text: "Delivered dashboards for decision times, outcomes and drop-outs, and handed ownership of the rules to the Carrier's underwriting team, who now change them without a release.",
      },
    ],
  },

  results: {
    heading: 'The results',
    intro: `Ten weeks after the first workshop, every new EOI application went through the new journey. The change members noticed first was the wait: for ${shareOfCases} of applications, it disappeared.`,
    /** The split of decisions after go-live, for the doughnut figure. */
    split: [
      { label: `Decided ${after} by the rules`, percent: share },
      { label: 'Reviewed by an underwriter', percent: 100 - share },
    ],
    paragraphs: [
      'Because the questionnaire is pre-filled and checks its own answers, applications no longer go back and forth by letter. Members and brokers see where an application stands at any moment, and reminder e-mails bring unfinished questionnaires back without a phone call.',
      'Underwriters now spend their time on the cases that need their judgement. Every file they open is complete, and the rules that already passed or failed are listed with it.',
    ],
    quote: {
      text: 'We used to tell members to expect a decision in about two months. Now most of them have one before they close the browser tab.',
      by: 'Vice President, Underwriting, at the Carrier',
    },
  },

  lessons: {
    heading: 'What made it work',
    items: [
      {
        title: 'Their rules, made explicit',
        text: "Nothing was decided by a black box. The rules are the Carrier's own guidelines, written down, tested against real history, and owned by its underwriters.",
      },
      {
        title: 'Data in, not typed in',
        text: 'Elections, salaries and coverage amounts come from the systems that already hold them. The member only answers what nobody knows yet.',
      },
      {
        title: 'A small pilot, then everyone',
        text: 'A pilot with full review built trust in the automatic decisions before they were released for the whole block.',
      },
      {
        title: 'A fixed date',
        text: `Starting from the enrollment season and working back gave the programme its ${weeks}-week shape, and kept every week's goal concrete.`,
      },
    ],
  },

  closing: {
    heading: `See what ${weeks} weeks could do for your EOI process`,
    text: `${BRAND.name} brings quoting, underwriting and enrollment for group insurance onto one platform, with no manual work. Tell us where your evidence-of-insurability process stands today, and we will show you what it could look like in ${weeks} weeks.`,
    cta: { label: 'Book a demo', url: BRAND.links.bookDemo },
    links: [
      { label: 'Website', url: `https://${BRAND.domain}` },
      { label: 'LinkedIn', url: BRAND.links.linkedin },
      { label: 'Twitter', url: BRAND.links.twitter },
      { label: 'Blog', url: BRAND.links.blog },
    ],
  },
} as const;
