import { describe, expect, it } from 'vitest';
import { htmlToPlainText } from '../src/html-text';
import { parsePerformanceCriteria } from '../src/performance-criteria';

describe('register HTML to plain text', () => {
  it('puts a list that sits directly inside another list one level deeper', () => {
    const html = '<ul><li>top</li><ul><li>under top</li></ul><li>next</li></ul>';

    expect(htmlToPlainText(html)).toBe('top\n  under top\nnext');
  });

  it('drops bullet glyphs typed into the text, links and images', () => {
    const html = '<p>&bull; see <a href="https://example.org/x">the code</a><img src="x.png" alt="logo"></p>';

    expect(htmlToPlainText(html)).toBe('see the code');
  });

  it('keeps headings as lines without shouting them', () => {
    expect(htmlToPlainText('<h3>Performance evidence</h3><p>work safely</p>')).toBe(
      'Performance evidence\nwork safely',
    );
  });
});

describe('performance criteria', () => {
  it('fall back to the list hierarchy when nothing is numbered', () => {
    const html = `<ul>
      <li>Plan the work<ul><li>read the plan</li><li>check tools</li></ul></li>
      <li>Do the work<ul><li>stay clipped on</li></ul></li>
    </ul>`;

    expect(parsePerformanceCriteria(html)).toEqual([
      { title: 'Plan the work', performanceCriteria: ['read the plan', 'check tools'] },
      { title: 'Do the work', performanceCriteria: ['stay clipped on'] },
    ]);
  });

  it('read numbered paragraphs without a table', () => {
    const html = '<p>1 Prepare</p><p>1.1 Read</p><p>2 Finish</p><p>2.1 Tidy</p><p>2.2 Report</p>';

    expect(parsePerformanceCriteria(html)).toEqual([
      { title: 'Prepare', performanceCriteria: ['Read'] },
      { title: 'Finish', performanceCriteria: ['Tidy', 'Report'] },
    ]);
  });
});
