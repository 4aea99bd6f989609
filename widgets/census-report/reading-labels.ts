/** The words of 'How we read your file' and of its notices. */

/** A code column's field in the heading of its values (the short name: FIELD_NAMES explains relationship). */
export const CODE_FIELD_NAMES: Record<'relationship' | 'status' | 'coverageTier', string> = {
  relationship: 'relationship',
  status: 'employment status',
  coverageTier: 'coverage tier',
};

export const READING_LABELS = {
  panel: 'How we read your file',
  reviewTitle: 'Please check how we read your file',
  /** In the Total lives card, when the engine asks for a review: leads to the notice below the cards. */
  reviewFlag: 'These figures need your check',
  reviewOpen: 'Check the columns',
  apply: 'Apply and recalculate',
  recalculating: 'Recalculating with your reading...',
  automatic: 'Back to the automatic reading',
  yours: 'Read with your changes',
  saved: (date: string) => `Read with the choices you saved on ${date}`,
  forget: 'Forget these choices',
  forgotten: 'Forgotten: the next file with these columns will be read automatically. This report keeps its reading until you change it.',
  remember: 'Remember for files with these columns',
  rememberHint: "Kept in this browser only: the column headings, the fields you chose and how codes such as 'COBRA' are read; never a name, date or amount of your file.",
  notUsed: 'Not used',
  pleaseCheck: 'Please check',
  noChanges: 'Change a column, a sheet or a value above, then apply.',
  showAll: (n: number) => `Show all ${n} columns`,
  showFew: 'Show only the columns to check',
  applied: (lives: number, before: number) =>
    lives === before ? `Recalculated: ${lives.toLocaleString('en-US')} lives, as before.` : `Recalculated: ${lives.toLocaleString('en-US')} lives (was ${before.toLocaleString('en-US')}).`,
  sample: 'This is the sample report: its reading cannot be changed. Upload your own census to correct how it is read.',
} as const;
