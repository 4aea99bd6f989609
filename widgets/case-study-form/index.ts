/**
 * <case-study-form> - the case-study request form.
 *
 * Attributes, properties, events, parts and custom properties: ./meta.ts, the one source (custom-elements.json
 * and the declarations are generated from it).
 */
import { defineWidget } from '../internal/define-widget';
import { CaseStudyForm } from './CaseStudyForm';
import { meta } from './meta';
import { createCaseStudyStore } from './store';
import { styles } from './styles';

export const CaseStudyFormElement = defineWidget(meta.tag, CaseStudyForm, meta, {
  styles,
  createStore: createCaseStudyStore,
});
