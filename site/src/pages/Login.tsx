export default function Login() {
  return (
    <section className="section">
      <div className="container">
        <h1>Login</h1>
      </div>
    </section>
  );
}
