/** <case-study-form>'s own CSS, on top of widgets/internal/styles.ts (BASE_CSS). */
export const styles = /* css */ `
.form>.button{justify-self:start;min-width:9.5em;margin-top:.25em}
.status:empty{display:none}
@container (max-width:30em){.form>.button{justify-self:stretch}}
`;
