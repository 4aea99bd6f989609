/** /signup (behind the guest-only guard): full name, email, password, 'Sign up'; only 'required', no submit behaviour. */
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { BRAND } from '../../../shared/brand';
import { guestOnly } from '../auth-guard';

export default function Signup() {
  const [allowed, setAllowed] = useState(true);
  useEffect(() => setAllowed(guestOnly()), []);
  if (!allowed) return <div className="route-loading" aria-busy="true" />;
  return (
    <section className="auth" aria-labelledby="signup-title">
      <div className="card auth-card">
        <h1 id="signup-title">Sign up</h1>
        <p className="muted">Create your {BRAND.name} account.</p>
        <form onSubmit={(e) => e.preventDefault()}>
          <div className="field">
            <label htmlFor="signup-name">Full name</label>
            <input id="signup-name" className="input" name="fullName" autoComplete="name" required />
          </div>
          <div className="field">
            <label htmlFor="signup-email">Email</label>
            <input id="signup-email" className="input" type="email" name="email" autoComplete="email" required />
          </div>
          <div className="field">
            <label htmlFor="signup-password">Password</label>
            <input id="signup-password" className="input" type="password" name="password" autoComplete="new-password" required />
          </div>
          <button type="submit" className="btn btn-primary" style={{ width: '100%', marginTop: '0.5rem' }}>
            Sign up
          </button>
        </form>
        <div className="auth-links">
          <Link to="/login/">Already have an account?</Link>
        </div>
      </div>
    </section>
  );
}
