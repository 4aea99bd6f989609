/** Footer: logo, tagline, copyright with the current year, Privacy Policy, social links. */
import { Link } from 'react-router';
import { BRAND } from '../../../shared/brand';
import { Logo } from '../components/Logo';
import { SOCIAL } from '../content/nav';
import { SocialIcon } from '../components/SocialIcon';
import { CurrentYear } from '../components/CurrentYear';

export function Footer() {
  return (
    <footer className="footer">
      <div className="footer-inner">
        <div className="footer-brand">
          <Link to="/" aria-label={`${BRAND.name} home`}>
            <Logo />
          </Link>
          <p>{BRAND.tagline}</p>
        </div>
        <nav className="footer-links" aria-label="Footer">
          <Link to="/platforms">Platforms</Link>
          <Link to="/case-study">Case Study</Link>
          <Link to="/tools/census">Census Parser</Link>
          <Link to="/aboutus">About Us</Link>
          <Link to="/privacy">Privacy Policy</Link>
        </nav>
        <ul className="social" aria-label="Social links">
          {SOCIAL.map((s) => (
            <li key={s.icon}>
              <a href={s.href} aria-label={s.label} rel="me noopener">
                <SocialIcon name={s.icon} />
              </a>
            </li>
          ))}
        </ul>
      </div>
      <p className="copyright">
        © <CurrentYear /> {BRAND.name}, Inc. All rights reserved.
      </p>
    </footer>
  );
}
