/**
 * /login (behind the guest-only guard): e-mail, password, Remember me; 'Sign in' shows a loading
 * state for TIMING.signInLoadingMs with the inputs disabled and makes no call (product-spec
 * section 4); accounts live in the external app.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { BRAND } from '../../../shared/brand';
import { TIMING } from '../../../shared/constants';
import { guestOnly } from '../auth-guard';

export default function Login() {
  const [allowed, setAllowed] = useState(true);
  const [loading, setLoading] = useState(false);
  const [form, setForm] = useState({ email: '', password: '', remember: false });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => setAllowed(guestOnly()), []);
  useEffect(() => () => clearTimeout(timer.current), []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setLoading(true);
    timer.current = setTimeout(() => setLoading(false), TIMING.signInLoadingMs);
  };

  if (!allowed) return <div className="route-loading" aria-busy="true" />;
  return (
    <section className="auth" aria-labelledby="login-title">
      <div className="card auth-card">
        <h1 id="login-title">Sign in</h1>
        <p className="muted">Welcome back to {BRAND.name}.</p>
        <form onSubmit={submit} aria-busy={loading}>
          <div className="field">
            <label htmlFor="login-email">Email</label>
            <input id="login-email" className="input" type="email" name="email" autoComplete="email" required disabled={loading} value={form.email} onChange={(e) => setForm({ ...form, email: e.target.value })} />
          </div>
          <div className="field">
            <label htmlFor="login-password">Password</label>
            <input id="login-password" className="input" type="password" name="password" autoComplete="current-password" required disabled={loading} value={form.password} onChange={(e) => setForm({ ...form, password: e.target.value })} />
          </div>
          <label className="check">
            <input type="checkbox" name="remember" disabled={loading} checked={form.remember} onChange={(e) => setForm({ ...form, remember: e.target.checked })} />
            Remember me
          </label>
          <button type="submit" className="btn btn-primary" style={{ width: '100%', marginTop: '0.75rem' }} disabled={loading}>
            {loading ? <span className="spinner" aria-hidden="true" /> : null}
            Sign in
          </button>
          <p className="visually-hidden" aria-live="polite">
            {loading ? 'Signing in…' : ''}
          </p>
        </form>
        <div className="auth-links">
          <a href="/recover-password">Forgot password?</a>
          <Link to="/signup">Don't have an account?</Link>
        </div>
      </div>
    </section>
  );
}
