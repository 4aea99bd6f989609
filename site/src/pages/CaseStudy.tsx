export default function CaseStudy() {
  return (
    <section className="section">
      <div className="container">
        <h1>CaseStudy</h1>
      </div>
    </section>
  );
}
