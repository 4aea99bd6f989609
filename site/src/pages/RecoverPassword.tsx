/** /recover-password: where 'Forgot password?' leads. Accounts (and their passwords) live in the app. */
import { Link } from 'react-router';
import { BRAND } from '../../../shared/brand';

export default function RecoverPassword() {
  return (
    <section className="auth" aria-labelledby="recover-title">
      <div className="card auth-card">
        <h1 id="recover-title">Reset your password</h1>
        <p className="muted">
          Passwords are managed in the {BRAND.name} app. Open it, choose “Forgot password?” on its sign-in screen and we will e-mail you a reset link.
        </p>
        <a className="btn btn-primary" style={{ width: '100%' }} href={BRAND.links.app}>
          Open the {BRAND.name} app
        </a>
        <div className="auth-links">
          <Link to="/login">Back to sign in</Link>
        </div>
      </div>
    </section>
  );
}
