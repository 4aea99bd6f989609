export default function CensusReport() {
  return (
    <section className="section">
      <div className="container">
        <h1>CensusReport</h1>
      </div>
    </section>
  );
}
