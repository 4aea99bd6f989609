export default function CensusTool() {
  return (
    <section className="section">
      <div className="container">
        <h1>CensusTool</h1>
      </div>
    </section>
  );
}
