export default function WebinarThankYou() {
  return (
    <section className="section">
      <div className="container">
        <h1>WebinarThankYou</h1>
      </div>
    </section>
  );
}
