export default function Platforms() {
  return (
    <section className="section">
      <div className="container">
        <h1>Platforms</h1>
      </div>
    </section>
  );
}
