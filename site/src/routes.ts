/**
 * Every route of the site (product-spec.md section 2) in one table: its path, head tags, layout and
 * page module. The router (App.tsx), the prerender (scripts/prerender-site.mjs, through
 * entry-server.tsx) and the sitemap all read this table, so a route is added in one place.
 *
 * Pages are loaded with dynamic imports: each route is its own chunk, so the home page ships only
 * the home page's code.
 */
import type { ComponentType } from 'react';
import { BRAND } from '../../shared/brand';
import { CLAIMS, LAYOUT } from '../../shared/constants';

import type { LayoutKind } from './layout/kind';

export type { LayoutKind };

export interface RouteDef {
  /** React Router path. */
  path: string;
  /** The file the prerender writes, relative to dist/site. */
  file: string;
  title: string;
  description: string;
  layout: LayoutKind;
  /** Listed in sitemap.xml and indexable (false adds `noindex`). */
  indexed: boolean;
  /** The page module's name in site/src/pages/ (the prerender preloads its chunk). */
  page: string;
  load: () => Promise<{ default: ComponentType }>;
}

const t = (page: string) => `${page} | ${BRAND.name}`;

export const ROUTES: RouteDef[] = [
  {
    path: '/',
    file: 'index.html',
    title: `${BRAND.name} | Ecommerce for Insurance`,
    description: `Quoting, underwriting and enrollment for group insurance carriers, with no manual work. ${LAYOUT.integrationsClaim} HR and benefits integrations, SOC 2 aligned.`,
    layout: 'dark',
    indexed: true,
    page: 'Home',
    load: () => import('./pages/Home'),
  },
  {
    path: '/aboutus',
    file: 'aboutus/index.html',
    title: t('About Us'),
    description: `Who builds ${BRAND.name}: our vision for group insurance, our values, our remote team and how to join us.`,
    layout: 'dark',
    indexed: true,
    page: 'AboutUs',
    load: () => import('./pages/AboutUs'),
  },
  {
    path: '/platforms',
    file: 'platforms/index.html',
    title: t('Platforms'),
    description: `${BRAND.name} Enroll and ${BRAND.name} Group Underwriting: two platforms on one data model, from the first census to the first premium bill.`,
    layout: 'dark',
    indexed: true,
    page: 'Platforms',
    load: () => import('./pages/Platforms'),
  },
  {
    path: '/enroll',
    file: 'enroll/index.html',
    title: t('Enroll: enrollment automation'),
    description: `Guided enrollment, data sync to ${LAYOUT.integrationsClaim} systems, automated reminders and billing for group benefits. Go live in under a week.`,
    layout: 'dark',
    indexed: true,
    page: 'Enroll',
    load: () => import('./pages/Enroll'),
  },
  {
    path: '/group-underwriting',
    file: 'group-underwriting/index.html',
    title: t('Group Underwriting: underwriting automation'),
    description: `Census files, plan designs and RFP documents parsed, normalised and checked against your rules: ${CLAIMS.underwritingPrepReduction}.`,
    layout: 'dark',
    indexed: true,
    page: 'GroupUnderwriting',
    load: () => import('./pages/GroupUnderwriting'),
  },
  {
    path: '/case-study',
    file: 'case-study/index.html',
    title: t('Case study: EOI in 10 weeks'),
    description: `How a group carrier cut evidence-of-insurability decisions from ${CLAIMS.eoi.before} to ${CLAIMS.eoi.after} for ${CLAIMS.eoi.shareOfCases} of cases in ${CLAIMS.eoi.weeks} weeks.`,
    layout: 'dark',
    indexed: true,
    page: 'CaseStudy',
    load: () => import('./pages/CaseStudy'),
  },
  {
    path: '/case-study/download',
    file: 'case-study/download/index.html',
    title: t('Your case study'),
    description: `The ${BRAND.name} case study: evidence of insurability transformed in 10 weeks.`,
    layout: 'bare',
    indexed: false,
    page: 'CaseStudyDownload',
    load: () => import('./pages/CaseStudyDownload'),
  },
  {
    path: '/register',
    file: 'register/index.html',
    title: t('Webinar registration'),
    description: `Register for the ${BRAND.name} webinar on census intake: how carriers turn messy broker spreadsheets into quotable data in minutes.`,
    layout: 'dark',
    indexed: true,
    page: 'Register',
    load: () => import('./pages/Register'),
  },
  {
    path: '/webinar/thank-you',
    file: 'webinar/thank-you/index.html',
    title: t('Thank you for attending'),
    description: `Thank you for attending the ${BRAND.name} webinar. Leave your e-mail for the recording, the slides and our offers.`,
    layout: 'dark',
    indexed: false,
    page: 'WebinarThankYou',
    load: () => import('./pages/WebinarThankYou'),
  },
  {
    path: '/tools/census',
    file: 'tools/census/index.html',
    title: t('Census Parser'),
    description: 'A free census parser for group insurance: upload a CSV, XLS or XLSX census and get clean, merged, deduplicated data with a lives summary.',
    layout: 'light',
    indexed: true,
    page: 'CensusTool',
    load: () => import('./pages/CensusTool'),
  },
  {
    path: '/tools/census/upload',
    file: 'tools/census/upload/index.html',
    title: t('Upload a census'),
    description: 'Upload a census file (CSV, XLS or XLSX, under 5 MB) and watch it parsed, or have it mailed to you when it is ready.',
    layout: 'dark',
    indexed: true,
    page: 'CensusUpload',
    load: () => import('./pages/CensusUpload'),
  },
  {
    path: '/tools/census/sample',
    file: 'tools/census/sample/index.html',
    title: t('Sample census report'),
    description: 'A real census report of a fictional employer: total lives, gender, age, salary, tenure and where members live, before you upload anything.',
    layout: 'dark',
    indexed: true,
    page: 'CensusSample',
    load: () => import('./pages/CensusSample'),
  },
  {
    path: '/tools/census/:id',
    file: 'tools/census/[id]/index.html',
    title: t('Census report'),
    description: 'The census analytics for one processed case: total lives, gender, age, salary, tenure and where members live.',
    layout: 'dark',
    indexed: false,
    page: 'CensusReport',
    load: () => import('./pages/CensusReport'),
  },
  {
    path: '/login',
    file: 'login/index.html',
    title: t('Sign in'),
    description: `Sign in to ${BRAND.name}.`,
    layout: 'dark',
    indexed: false,
    page: 'Login',
    load: () => import('./pages/Login'),
  },
  {
    path: '/signup',
    file: 'signup/index.html',
    title: t('Sign up'),
    description: `Create a ${BRAND.name} account.`,
    layout: 'dark',
    indexed: false,
    page: 'Signup',
    load: () => import('./pages/Signup'),
  },
  {
    path: '/recover-password',
    file: 'recover-password/index.html',
    title: t('Reset your password'),
    description: `Reset the password of your ${BRAND.name} account.`,
    layout: 'dark',
    indexed: false,
    page: 'RecoverPassword',
    load: () => import('./pages/RecoverPassword'),
  },
  {
    path: '/privacy',
    file: 'privacy/index.html',
    title: t('Privacy Policy'),
    description: `How ${BRAND.name} collects, uses, protects and deletes personal information, including census data uploaded to the Census Parser.`,
    layout: 'dark',
    indexed: true,
    page: 'Privacy',
    load: () => import('./pages/Privacy'),
  },
];

/** The catch-all: prerendered once as 404.html, which the server answers with status 404. */
export const NOT_FOUND: RouteDef = {
  path: '*',
  file: '404.html',
  title: t('Page not found'),
  description: 'This page does not exist.',
  layout: 'dark',
  indexed: false,
  page: 'NotFound',
    load: () => import('./pages/NotFound'),
};

/** /tools has no page of its own: it replace-redirects to the census tool. */
export const REDIRECTS = [{ from: '/tools', to: '/tools/census', file: 'tools/index.html' }] as const;

export const ALL_ROUTES = [...ROUTES, NOT_FOUND];
