/** Simple original glyphs for the social links (drawn here, not the networks' logos). */
export function SocialIcon({ name }: { name: 'twitter' | 'github' | 'linkedin' }) {
  const paths = {
    // A bird-like wing made of two arcs.
    twitter: 'M4 15c3 1.5 7 1.5 10-1.5 2-2 3-5 3-8l2-2-2.5.5C15 2.5 12 3 11.5 6 8.5 6 6 4.5 4.5 3 3.5 5.5 4.5 8 6.5 9.5L5 9c0 2 1.5 3.5 3 4-1 .7-2.5 1.2-4 2z',
    // A cat-eared circle.
    github: 'M10 2a8 8 0 0 0-2.5 15.6c.4 0 .5-.2.5-.4v-1.5c-2.2.5-2.7-1-2.7-1-.4-.9-.9-1.2-.9-1.2-.7-.5 0-.5 0-.5.8.1 1.2.8 1.2.8.7 1.2 1.9.9 2.4.7 0-.5.3-.9.5-1.1-1.8-.2-3.6-.9-3.6-3.9 0-.9.3-1.6.8-2.1 0-.2-.3-1 .1-2.1 0 0 .7-.2 2.2.8a7.5 7.5 0 0 1 4 0c1.5-1 2.2-.8 2.2-.8.4 1.1.1 1.9.1 2.1.5.5.8 1.2.8 2.1 0 3-1.8 3.7-3.6 3.9.3.3.6.8.6 1.5v2.3c0 .2.1.5.6.4A8 8 0 0 0 10 2z',
    // "in" in a rounded square.
    linkedin: 'M3 3h14v14H3zM6 8v6h2V8zm1-3a1.1 1.1 0 1 0 0 2.2A1.1 1.1 0 0 0 7 5zm3 3v6h2v-3.2c0-.9.5-1.3 1.1-1.3.6 0 .9.4.9 1.3V14h2v-3.6c0-1.8-1-2.6-2.3-2.6-.8 0-1.4.4-1.7.8V8z',
  } as const;
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
      <path d={paths[name]} fill="currentColor" fillRule={name === 'linkedin' ? 'evenodd' : undefined} />
    </svg>
  );
}
