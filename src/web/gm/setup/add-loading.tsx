/**
 * The add panel in the moment after the screen first shows, while its code and the game's whole
 * rules (the stats forms need their schemas) load: its title, and a word that it is coming.
 */
export function AddLoading() {
  return (
    <section className="panel quick-add" aria-busy="true" aria-labelledby="add-h-wait">
      <div className="panel-head">
        <h2 id="add-h-wait">Add combatants</h2>
      </div>
      <p className="muted" role="status">
        Loading the rules…
      </p>
    </section>
  );
}
