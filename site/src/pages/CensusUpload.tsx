export default function CensusUpload() {
  return (
    <section className="section">
      <div className="container">
        <h1>CensusUpload</h1>
      </div>
    </section>
  );
}
