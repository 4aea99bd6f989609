/**
 * A normaliser's side channel, reused across cells to avoid an allocation per cell: `why` says what
 * was changed beyond re-spelling (it goes to the change log), `invalid` that a filled cell could not
 * be read (it becomes an issue and a blank).
 */
export interface Note {
  why: string | null;
  invalid: boolean;
}

export function newNote(): Note {
  return { why: null, invalid: false };
}

export function resetNote(note: Note): Note {
  note.why = null;
  note.invalid = false;
  return note;
}
