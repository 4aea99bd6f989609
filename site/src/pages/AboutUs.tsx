export default function AboutUs() {
  return (
    <section className="section">
      <div className="container">
        <h1>AboutUs</h1>
      </div>
    </section>
  );
}
