export default function Signup() {
  return (
    <section className="section">
      <div className="container">
        <h1>Signup</h1>
      </div>
    </section>
  );
}
