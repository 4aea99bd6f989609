/** The About page's own content: values, perks, traits, team, offsites. People are fictional. */
import type { Slide } from '../components/Carousel';

export const VALUES = [
  {
    title: 'Customer Obsession',
    text: 'We sit in on underwriting huddles and enrollment calls. If a broker has to open Excel to finish a job on Benefold, that is our bug, not their workaround.',
  },
  {
    title: 'Innovation',
    text: 'We ship small and often, measure what changed for the carrier, and keep what works. AI is a tool we use where it beats a rule, and only there.',
  },
  {
    title: 'Collaboration',
    text: 'Engineers, designers and former underwriters work in the same threads. Decisions are written down, so anyone in any time zone can pick them up.',
  },
] as const;

export const PERKS = [
  { icon: '/img/icons/remote.svg', title: 'Fully remote', text: 'Work from anywhere in the Americas or Europe, with four shared core hours.' },
  { icon: '/img/icons/plane.svg', title: 'Twice-yearly offsites', text: 'A week together every spring and autumn: planning, building and a day off the grid.' },
  { icon: '/img/icons/clock.svg', title: 'Flexible hours', text: 'School runs, appointments and afternoon runs fit around the work, not the other way round.' },
  { icon: '/img/icons/laptop.svg', title: 'A new MacBook', text: 'The machine of your choice on day one, plus a budget for your desk and chair.' },
  { icon: '/img/icons/sun.svg', title: 'Generous vacation', text: 'Twenty-five days off plus local holidays, and we check that you actually take them.' },
  { icon: '/img/icons/mountain.svg', title: 'A challenging team', text: 'Colleagues who review your work closely and will gladly have theirs reviewed by you.' },
] as const;

export const TRAITS = [
  'You would rather read a 300-column census than guess what is in it.',
  'You explain a trade-off in writing as clearly as you would on a call.',
  'You finish things: tests, docs, the awkward migration nobody volunteered for.',
  'You are curious about insurance, even if you have never worked in it.',
  'You give and take direct feedback, kindly.',
] as const;

export interface Member {
  id: string;
  name: string;
  title: string;
  image: string;
  linkedin: string;
}

const li = (slug: string) => `https://www.linkedin.com/in/${slug}`;
export const TEAM: Member[] = [
  { id: 'amara-osei', name: 'Amara Osei', title: 'Founder & CEO', image: 'member-01', linkedin: li('amara-osei-benefold') },
  { id: 'jonas-lindqvist', name: 'Jonas Lindqvist', title: 'Founding Engineer', image: 'member-02', linkedin: li('jonas-lindqvist-benefold') },
  { id: 'priya-raman', name: 'Priya Raman', title: 'Founding Engineer', image: 'member-03', linkedin: li('priya-raman-benefold') },
  { id: 'diego-alvarez', name: 'Diego Álvarez', title: 'Engineer', image: 'member-04', linkedin: li('diego-alvarez-benefold') },
  { id: 'hannah-becker', name: 'Hannah Becker', title: 'Engineer', image: 'member-05', linkedin: li('hannah-becker-benefold') },
  { id: 'kwame-mensah', name: 'Kwame Mensah', title: 'Engineer', image: 'member-06', linkedin: li('kwame-mensah-benefold') },
  { id: 'mei-tanaka', name: 'Mei Tanaka', title: 'Engineer', image: 'member-07', linkedin: li('mei-tanaka-benefold') },
  { id: 'lucas-moreau', name: 'Lucas Moreau', title: 'Engineer', image: 'member-08', linkedin: li('lucas-moreau-benefold') },
  { id: 'sofia-rossi', name: 'Sofia Rossi', title: 'Product Manager', image: 'member-09', linkedin: li('sofia-rossi-benefold') },
  { id: 'omar-haddad', name: 'Omar Haddad', title: 'Product Designer', image: 'member-10', linkedin: li('omar-haddad-benefold') },
  { id: 'grace-kim', name: 'Grace Kim', title: 'Product Designer', image: 'member-11', linkedin: li('grace-kim-benefold') },
];

const PLACES = [
  ['Lisbon', 'Spring planning week in Lisbon, between two tram rides.'],
  ['Banff', 'A morning hike above Banff before the roadmap review.'],
  ['Tulum', 'Demo day on the beach in Tulum: the census parser went live here.'],
  ['Asheville', 'Autumn in Asheville, pairing on the rule engine under the trees.'],
  ['Reykjavik', 'Northern lights after a long day of enrollment-flow tests in Reykjavik.'],
  ['Santa Fe', 'Sunset in Santa Fe after the underwriting advisory panel.'],
  ['Lake Tahoe', 'Kayaks on Lake Tahoe: our one rule was no laptops on the water.'],
  ['Porto', 'Porto, where the design system got its name and its colours.'],
  ['Sedona', 'Red rocks in Sedona and a whiteboard full of billing edge cases.'],
  ['Whistler', 'Snow in Whistler, and the first thousand groups celebrated.'],
  ['Costa Rica', 'Rainforest week in Costa Rica with the whole team and two carriers.'],
  ['Cape Cod', 'Cape Cod: writing the security playbook with the sea in view.'],
  ['Mexico City', 'Mexico City rooftops and a hack day on EOI questionnaires.'],
  ['Yosemite', 'Yosemite Valley at dusk after a day of customer interviews.'],
  ['Lofoten', 'Lofoten in winter: short days, long design critiques.'],
  ['Hudson Valley', 'Hudson Valley, the offsite where we planned this very website.'],
] as const;

export const OFFSITES: Slide[] = PLACES.map(([place, caption], i) => ({
  src: `/img/offsites/offsite-${String(i + 1).padStart(2, '0')}.svg`,
  alt: `Illustration of the team at the ${place} offsite`,
  caption,
}));
