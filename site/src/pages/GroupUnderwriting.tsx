export default function GroupUnderwriting() {
  return (
    <section className="section">
      <div className="container">
        <h1>GroupUnderwriting</h1>
      </div>
    </section>
  );
}
