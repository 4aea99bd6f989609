export default function Enroll() {
  return (
    <section className="section">
      <div className="container">
        <h1>Enroll</h1>
      </div>
    </section>
  );
}
