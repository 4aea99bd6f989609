/**
 * The case-study viewer (product-spec.md section 2): reads every query-string parameter of the page
 * address, passes them to GET /main/case-study, and embeds the returned PDF link full-screen.
 * A plain script, not the React site: the page is opened from the mail and must show the PDF fast.
 */
import { createApiClient } from '../../shared/api/client';
import { MESSAGES } from '../../shared/messages';

const root = document.getElementById('viewer')!;

function show(text: string): void {
  const p = document.createElement('p');
  p.className = 'status error';
  p.setAttribute('role', 'alert');
  p.textContent = text;
  root.replaceChildren(p);
}

async function main(): Promise<void> {
  const params = Object.fromEntries(new URLSearchParams(window.location.search));
  try {
    const { link } = await createApiClient().getCaseStudy(params);
    if (!link) return show(MESSAGES.caseStudy.viewerMissingLink);
    const frame = document.createElement('iframe');
    frame.className = 'pdf';
    frame.title = 'Case study PDF';
    frame.src = link;
    root.replaceChildren(frame);
  } catch (err) {
    console.error(err);
    show(MESSAGES.caseStudy.viewerError);
  }
}

void main();
