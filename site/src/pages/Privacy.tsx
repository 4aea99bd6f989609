export default function Privacy() {
  return (
    <section className="section">
      <div className="container">
        <h1>Privacy</h1>
      </div>
    </section>
  );
}
