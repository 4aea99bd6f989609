export default function Register() {
  return (
    <section className="section">
      <div className="container">
        <h1>Register</h1>
      </div>
    </section>
  );
}
